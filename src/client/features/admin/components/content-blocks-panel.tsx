import { Pencil, Plus, Trash2 } from "lucide-react";
import type { ContentBlock } from "@contract/content";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/dialog";
import { useDeleteContentBlock } from "../api/delete-content-block";
import { useContentBlocks } from "../api/get-content-blocks";
import { notifyFailed, notifySaved } from "./admin-feedback";
import { AdminListHeader, AdminListState } from "./admin-list";
import { ContentBlockFormDialog, LANDING_CONTENT_KEYS } from "./content-block-form-dialog";

const landingKeys: ReadonlySet<string> = new Set(LANDING_CONTENT_KEYS);

export function ContentBlocksPanel() {
  const blocks = useContentBlocks();
  return (
    <section aria-labelledby="content-blocks-heading">
      <AdminListHeader
        id="content-blocks-heading"
        title="Content Blocks"
        description="Marketing texts, found by key. A block replaces the landing page's built-in text for its key."
        action={
          <ContentBlockFormDialog
            trigger={
              <Button className="w-full sm:w-auto">
                <Plus aria-hidden /> Add Content Block
              </Button>
            }
          />
        }
      />
      <AdminListState
        isLoading={blocks.isLoading}
        error={blocks.error}
        isEmpty={(blocks.data ?? []).length === 0}
        loadingLabel="Loading content blocks..."
        errorMessage="Failed to load content blocks"
        emptyTitle="No content blocks yet"
        emptyHint="The landing page shows its built-in texts until you add a block."
        onRetry={() => void blocks.refetch()}
      >
        <ul className="flex flex-col gap-3">
          {(blocks.data ?? []).map((block) => (
            <li key={block.id}>
              <ContentBlockItem block={block} />
            </li>
          ))}
        </ul>
      </AdminListState>
    </section>
  );
}

function ContentBlockItem({ block }: { block: ContentBlock }) {
  const remove = useDeleteContentBlock();
  async function deleteBlock() {
    try {
      await remove.mutateAsync(block.id);
      notifySaved("Content block deleted");
    } catch (error) {
      notifyFailed(error, "Failed to delete content block");
    }
  }
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5" data-testid="content-block-item">
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary" className="font-mono">
            {block.key}
          </Badge>
          <span className="text-xs font-medium text-slate-600">Order {block.order}</span>
          {landingKeys.has(block.key) ? <Badge variant="success">On landing page</Badge> : null}
        </div>
        <h3 className="font-semibold break-words text-field-950">
          {block.title || <span className="text-slate-500 italic">No title</span>}
        </h3>
        {block.content ? <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700">{block.content}</p> : null}
        {block.imageUrl ? <p className="truncate text-xs text-slate-600">Image: {block.imageUrl}</p> : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <ContentBlockFormDialog
          block={block}
          trigger={
            <Button variant="outline" size="sm" aria-label={`Edit ${block.key}`} className="flex-1 sm:flex-none">
              <Pencil aria-hidden /> Edit
            </Button>
          }
        />
        <ConfirmDialog
          title="Delete this content block?"
          description={`The block "${block.key}" will be removed and the landing page falls back to its built-in text. This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={deleteBlock}
          trigger={
            <Button variant="destructive" size="sm" aria-label={`Delete ${block.key}`} className="flex-1 sm:flex-none">
              <Trash2 aria-hidden /> Delete
            </Button>
          }
        />
      </div>
    </Card>
  );
}
