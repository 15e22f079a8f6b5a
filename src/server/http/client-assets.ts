import { existsSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import express, { type Express } from "express";
import expressStaticGzip from "express-static-gzip";
import { parse as parseRoute } from "regexparam";
import type { CurrentUser } from "@contract/accounts";
import { mayOpen, pageRoutes, type PageModule, type RenderFirstScreen } from "@contract/pages";

/**
 * The repository's root: the nearest folder above this module with a package.json. The same from
 * the sources (src/server/http) and from the compiled bundle (dist/server), and whatever the
 * working directory the process was started in.
 */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const clientDistDir = path.join(projectRoot(), "dist/client");

/**
 * index.html with the signed-in user (or null) as GET /api/auth/user would answer, in a JSON data
 * block that src/client/lib/current-user.ts reads at start: the first screen then shows the right
 * shell at once instead of waiting for that call. A data block never runs (the CSP allows no
 * inline script), and "<" is escaped so a name cannot close the element.
 */
export function withPageUser(html: string, user: unknown): string {
  const json = JSON.stringify(user ?? null).replace(/</g, "\\u003c");
  return html.replace("</head>", `<script id="page-user" type="application/json">${json}</script></head>`);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** index.html with a page's own <title> and meta description (a coach's profile), escaped. */
export function withPageMeta(html: string, meta: { title: string; description: string } | null | undefined): string {
  if (!meta) return html;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(meta.description)}" />`);
}

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The chunk (vite.config.ts, group "account") of what the shell shows a signed-in user at once:
 * sign out, resend the verification e-mail. Lazy for visitors, who never need it.
 */
const SIGNED_IN_SHELL_CHUNK = "account";

/** The chunk files a page's HTML names, by page module, and those of the signed-in shell. */
interface PageChunkLinks {
  pages: Map<PageModule, string[]>;
  signedInShell: string[];
}

/**
 * The chunks each page needs beyond those index.html already names (the entry and its imports),
 * read from the build's manifest. Without them the browser learns of a page's chunks only once the
 * entry has downloaded and run: one more round trip before the first screen. No manifest (a test's
 * own page): no tags.
 */
export function pageChunkLinks(distDir: string): PageChunkLinks {
  const links: PageChunkLinks = { pages: new Map(), signedInShell: [] };
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  } catch {
    return links;
  }
  const filesOf = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) filesOf(imported, files);
    return files;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entryFiles = entryKey ? filesOf(entryKey) : new Set<string>();
  const chunksOf = (key: string | undefined) =>
    key === undefined ? [] : [...filesOf(key)].filter((file) => !entryFiles.has(file) && file.endsWith(".js"));
  for (const { module } of pageRoutes) links.pages.set(module, chunksOf(`app/routes/${module}.tsx`));
  links.signedInShell = chunksOf(
    Object.keys(manifest).find((key) => manifest[key]?.name === SIGNED_IN_SHELL_CHUNK && !manifest[key]?.isEntry),
  );
  return links;
}

/**
 * The page a path shows: the first route that matches, with the pattern parser the client's
 * router (wouter) uses, so both sides read "/coach/:id" or "/booking-checkout/:bookingId?" alike.
 */
const pageMatchers = pageRoutes.map((route) => ({ ...route, regExp: parseRoute(route.path).pattern }));

/**
 * index.html for a path, naming the chunks of the page it shows (and, for a signed-in user, of
 * the shell) so they load beside the entry. A signed-in-only page's chunks are named only for a
 * signed-in user: a visitor is sent away.
 */
function withPageChunks(html: string, links: PageChunkLinks, pathname: string, signedIn: boolean): string {
  const route = pageMatchers.find((matcher) => matcher.regExp.test(pathname));
  const files = new Set([
    ...(route && (signedIn || !route.signedIn) ? (links.pages.get(route.module) ?? []) : []),
    ...(signedIn ? links.signedInShell : []),
  ]);
  const tags = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("");
  return tags ? html.replace("</head>", `${tags}</head>`) : html;
}

/**
 * The first-screen renderer the client build made for Node (vite.config.ts, firstScreenForNode),
 * beside the client's folder; null when it is not there (a test's own page, or an older build).
 */
async function loadFirstScreen(distDir: string): Promise<RenderFirstScreen | null> {
  const file = path.join(distDir, "../first-screen/first-screen.js");
  if (!existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as { renderFirstScreen?: RenderFirstScreen };
  return loaded.renderFirstScreen ?? null;
}

/**
 * index.html for a signed-in user with the first screen painted in (contract/pages.ts,
 * RenderFirstScreen): the layout and the page's skeleton in an inert `#first-screen`, and the app's
 * root hidden until the app has drawn the same layout (client lib/first-screen.ts). On a slow
 * phone the navigation and the e-mail notice show as soon as the HTML and the style sheet are in,
 * not once the scripts have come and run, which are asked for after that first paint. /login sends a signed-in user on: nothing to paint there.
 */
export function withFirstScreen(html: string, render: RenderFirstScreen | null, user: CurrentUser, pathname: string): string {
  if (!render || pathname === "/login") return html;
  const route = pageMatchers.find((matcher) => matcher.regExp.test(pathname));
  // A page this user's role may not see shows "Access Denied" in the general skeleton's place.
  const module = route && mayOpen(route, user.userType) ? route.module : null;
  const markup = render(user, pathname, { layout: route?.shell === "bare" ? "bare" : "shell", module });
  // The app's scripts (the entry and every module the server or the build names for this page)
  // are asked for once the first screen is on the screen, by public/first-screen-boot.js: until
  // then the HTML and the style sheet have the connection to themselves.
  const modules: string[] = [];
  const withoutModules = html.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
    modules.push(href);
    return "";
  });
  return withoutModules
    .replace('<div id="root"></div>', `<div id="first-screen" inert>${markup}</div><div id="root" hidden></div>`)
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_tag, entry: string) =>
        `<script defer src="/first-screen-boot.js" data-entry="${entry}" data-preload="${modules.join(" ")}"></script>`,
    );
}

/**
 * Serves the React app on the same port as the API: through Vite's middleware with hot reload in
 * development, from the built files otherwise. Unknown non-API paths get index.html (client routing).
 */
export async function mountClient(app: Express, options: { dev: boolean; server: Server; distDir?: string }): Promise<void> {
  if (options.dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({
      server: { middlewareMode: true, hmr: { server: options.server } },
      appType: "spa",
    });
    app.use(vite.middlewares);
    return;
  }
  // distDir: tests serve a page of their own.
  const distDir = options.distDir ?? clientDistDir;
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) {
    throw new Error(`The client is not built (${indexFile} is missing): run npm run build, or npm start which builds it.`);
  }
  // The build compressed each asset at the highest levels (vite.config.ts): those files are sent
  // to a browser that takes them, so the on-the-fly compression (app.ts) leaves them alone.
  app.use(
    "/assets",
    expressStaticGzip(path.join(distDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y", index: false },
    }),
  );
  app.use(express.static(distDir, { index: false, maxAge: "1h" }));
  const indexHtml = readFileSync(indexFile, "utf8");
  const chunkLinks = pageChunkLinks(distDir);
  const renderFirstScreen = await loadFirstScreen(distDir);
  app.get(/^(?!\/api\/|\/ws\/).*/, async (req, res) => {
    const pageUser = res.locals.pageUser as (() => Promise<unknown>) | undefined;
    const user = pageUser ? await pageUser() : null;
    const pageMeta = res.locals.pageMeta as (() => Promise<{ title: string; description: string } | null>) | undefined;
    const meta = pageMeta ? await pageMeta() : null;
    const signedIn = user !== null && user !== undefined;
    const page = withPageMeta(withPageChunks(indexHtml, chunkLinks, req.path, signedIn), meta);
    let html = page;
    try {
      if (signedIn) html = withFirstScreen(page, renderFirstScreen, user as CurrentUser, req.path);
    } catch (err) {
      // The app still draws the page; only its early paint is lost.
      req.log.warn({ err }, "The first screen could not be drawn on the server");
    }
    // A page that embeds the signed-in user is personal data: never stored (not even by the
    // browser, where the next person at a shared computer could go back to it). Others differ by
    // session too: never kept by a shared cache, revalidated by the browser (ETag).
    res.setHeader("Cache-Control", signedIn ? "no-store" : "private, no-cache");
    res.setHeader("Vary", "Cookie");
    res.type("html").send(pageUser ? withPageUser(html, user) : html);
  });
}
