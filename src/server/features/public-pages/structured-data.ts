import { describeRate } from "@contract/coach-basics";
import { familyPriceCents, centsToDecimal } from "@contract/money";
import { coachDisplayName, SITE_NAME } from "@contract/page-titles";
import type { PlacePage } from "@contract/place-pages";
import type { CoachProfile } from "@contract/search";
import type {
  BreadcrumbList,
  EducationalOccupationalCredential,
  Graph,
  ItemList,
  ListItem,
  Offer,
  Person,
  Review,
  Service,
  WebSite,
  WithContext,
} from "schema-dts";

/**
 * JSON-LD for the public pages (DESIGN.md 12): a coach is a schema.org Person offering sessions at
 * the family's price; a place page an ItemList of its coaches and a BreadcrumbList. Typed with
 * `schema-dts`, so the compiler refuses a property schema.org does not give the type;
 * public-pages.test.ts checks the rendered pages against schema.org's definitions as well.
 *
 * schema.org gives Person no `aggregateRating` or `review`: they belong to what is rated, here the
 * coach's coaching (a Service the Person provides and its Offers sell), so the rating and the
 * reviews sit there, and only when real reviews exist.
 */
export type JsonLd = Graph | WithContext<ItemList> | WithContext<BreadcrumbList> | WithContext<WebSite>;

const CONTEXT = "https://schema.org" as const;
/** Reviews in a coach's JSON-LD: the ones the page shows. */
const REVIEWS_IN_JSON_LD = 5;

export function websiteJsonLd(appUrl: string): WithContext<WebSite> {
  return { "@context": CONTEXT, "@type": "WebSite", name: SITE_NAME, url: `${appUrl}/` };
}

/** A coach: the Person, with an Offer per rate at the family's price (fee included), and the coaching they provide. */
export function coachPersonJsonLd(coach: CoachProfile, appUrl: string): Graph {
  const url = `${appUrl}/coach/${coach.id}`;
  const personId = `${url}#coach`;
  const serviceId = `${url}#coaching`;
  const name = coachDisplayName(coach);
  const town = /^(.*\S)\s*,\s*([A-Za-z]{2})$/.exec(coach.location ?? "");
  const offers: Offer[] = coach.rates.flatMap((rate): Offer[] => {
    const cents = familyPriceCents(rate.rate);
    if (cents === null) return [];
    return [
      {
        "@type": "Offer",
        name: `${rate.duration}-minute ${rate.sessionType} session`,
        price: centsToDecimal(cents),
        priceCurrency: "USD",
        url: `${appUrl}/book-coach/${coach.id}`,
        itemOffered: { "@id": serviceId },
      },
    ];
  });
  const reviews = coach.reviewSummary.latestReviews.slice(0, REVIEWS_IN_JSON_LD);
  const rated = coach.reviewCount > 0 && coach.rating !== null;
  // A property left undefined is left out of the JSON. Each is written in its literal (not spread in) and each mapped
  // element has its type, so that the compiler checks every name.
  const person: Person = {
    "@type": "Person",
    "@id": personId,
    name,
    jobTitle: coach.title,
    description: coach.bio.trim() || undefined,
    url,
    image: `${appUrl}/og/coach/${coach.id}.png`,
    address:
      town?.[1] && town[2]
        ? { "@type": "PostalAddress", addressLocality: town[1], addressRegion: town[2].toUpperCase(), addressCountry: "US" }
        : undefined,
    knowsAbout: coach.positions.length > 0 ? coach.positions.map((p) => `Lacrosse ${p.toLowerCase()}`) : undefined,
    makesOffer: offers,
    hasCredential:
      coach.badges.length > 0
        ? coach.badges.map((badge): EducationalOccupationalCredential => ({
            "@type": "EducationalOccupationalCredential",
            name: badge.label,
            credentialCategory: "certification",
            dateCreated: badge.verifiedAt.slice(0, 10),
            expires: badge.expiresOn || undefined,
          }))
        : undefined,
  };
  const service: Service = {
    "@type": "Service",
    "@id": serviceId,
    name: `Lacrosse coaching with ${name}`,
    serviceType: coach.rates.length > 0 ? coach.rates.map(describeRate).join("; ") : "Lacrosse coaching",
    provider: { "@id": personId },
    areaServed: coach.location || undefined,
    aggregateRating: rated
      ? { "@type": "AggregateRating", ratingValue: coach.rating ?? 0, reviewCount: coach.reviewCount, bestRating: 5, worstRating: 1 }
      : undefined,
    review:
      reviews.length > 0
        ? reviews.map((review): Review => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.authorName },
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            reviewBody: review.comment.trim() || undefined,
            datePublished: review.createdAt.slice(0, 10),
          }))
        : undefined,
  };
  return { "@context": CONTEXT, "@graph": [person, service] };
}

/** A place page: its coaches as an ItemList (each a link to the profile) and its breadcrumbs. */
export function placeJsonLd(place: PlacePage, appUrl: string): [WithContext<ItemList>, WithContext<BreadcrumbList>] {
  return [
    {
      "@context": CONTEXT,
      "@type": "ItemList",
      name: place.heading,
      numberOfItems: place.coaches.length,
      itemListElement: place.coaches.map((coach, i): ListItem => ({
        "@type": "ListItem",
        position: i + 1,
        name: coach.name,
        url: `${appUrl}${coach.path}`,
      })),
    },
    {
      "@context": CONTEXT,
      "@type": "BreadcrumbList",
      itemListElement: place.breadcrumbs.map((crumb, i): ListItem => ({
        "@type": "ListItem",
        position: i + 1,
        name: crumb.name,
        item: `${appUrl}${crumb.path}`,
      })),
    },
  ];
}
