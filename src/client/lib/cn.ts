import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { classMergeConfig } from "./class-merge-config";

/*
 * tailwind-merge with only the class groups the app's classes belong to (class-merge-config.ts,
 * generated): its whole table was about 8 KB of gzip on the first screen of every page that draws a
 * button or a card, and find coaches' and a coach's page paint later on a phone for each KB.
 * class-merge-config.test.ts proves it merges every class of the sources as the whole table does.
 */
const twMerge = createTailwindMerge(classMergeConfig);

/** Joins class names and lets a later Tailwind class win over an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/*
 * tailwind-merge builds its class tables at its first merge: about 60 ms on a phone (Lighthouse's
 * fourfold slowdown), which fell inside the first render of a button, a render already long. Done
 * in a task of its own once this module has loaded, it counts for blocking time only beyond 50 ms.
 */
if (typeof window !== "undefined") setTimeout(() => twMerge("p-1", "p-2"), 0);
