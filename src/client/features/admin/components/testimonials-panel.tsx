import { Pencil, Plus, Trash2 } from "lucide-react";
import { MAX_TESTIMONIAL_RATING, type Testimonial } from "@contract/content";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/dialog";
import { StarRow } from "@client/components/ui/star-rating";
import { useDeleteTestimonial } from "../api/delete-testimonial";
import { useTestimonials } from "../api/get-testimonials";
import { notifyFailed, notifySaved } from "./admin-feedback";
import { AdminListHeader, AdminListState } from "./admin-list";
import { TestimonialFormDialog } from "./testimonial-form-dialog";

export function TestimonialsPanel() {
  const testimonials = useTestimonials();
  return (
    <section aria-labelledby="testimonials-heading">
      <AdminListHeader
        id="testimonials-heading"
        title="Testimonials"
        description="Quotes from players and parents. The landing page shows the first six by order."
        action={
          <TestimonialFormDialog
            trigger={
              <Button className="w-full sm:w-auto">
                <Plus aria-hidden /> Add Testimonial
              </Button>
            }
          />
        }
      />
      <AdminListState
        isLoading={testimonials.isLoading}
        error={testimonials.error}
        isEmpty={(testimonials.data ?? []).length === 0}
        loadingLabel="Loading testimonials..."
        errorMessage="Failed to load testimonials"
        emptyTitle="No testimonials yet"
        emptyHint="The landing page hides its testimonials section until there is one."
        onRetry={() => void testimonials.refetch()}
      >
        <ul className="flex flex-col gap-3">
          {(testimonials.data ?? []).map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialItem testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </AdminListState>
    </section>
  );
}

function TestimonialItem({ testimonial }: { testimonial: Testimonial }) {
  const remove = useDeleteTestimonial();
  async function deleteTestimonial() {
    try {
      await remove.mutateAsync(testimonial.id);
      notifySaved("Testimonial deleted");
    } catch (error) {
      notifyFailed(error, "Failed to delete testimonial");
    }
  }
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5" data-testid="testimonial-item">
      <div className="flex min-w-0 gap-3">
        {testimonial.imageUrl ? (
          <img src={testimonial.imageUrl} alt="" className="size-10 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-field-700 font-bold text-white">
            {testimonial.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-1.5">
          <div>
            <h3 className="font-semibold break-words text-field-950">{testimonial.name}</h3>
            {testimonial.role ? <p className="text-sm break-words text-slate-600">{testimonial.role}</p> : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <StarRow rating={testimonial.rating} label={`Rated ${testimonial.rating} out of ${MAX_TESTIMONIAL_RATING}`} className="flex" />
            <span className="text-xs font-medium text-slate-600">Order {testimonial.order}</span>
          </div>
          <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700">“{testimonial.content}”</p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <TestimonialFormDialog
          testimonial={testimonial}
          trigger={
            <Button variant="outline" size="sm" aria-label={`Edit testimonial from ${testimonial.name}`} className="flex-1 sm:flex-none">
              <Pencil aria-hidden /> Edit
            </Button>
          }
        />
        <ConfirmDialog
          title="Delete this testimonial?"
          description={`The testimonial from ${testimonial.name} will be removed from the site. This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={deleteTestimonial}
          trigger={
            <Button
              variant="destructive"
              size="sm"
              aria-label={`Delete testimonial from ${testimonial.name}`}
              className="flex-1 sm:flex-none"
            >
              <Trash2 aria-hidden /> Delete
            </Button>
          }
        />
      </div>
    </Card>
  );
}
