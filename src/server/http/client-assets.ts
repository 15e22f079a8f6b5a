import { existsSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import express, { type Express, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import type { CurrentUser } from "@contract/accounts";
import { mayOpen, pageRoutes, type PageModule, type PublicPageRenderer, type RenderFirstScreen } from "@contract/pages";
import { chooseJsonEncoding, encodeJson, sendEncoded, type JsonEncoding } from "./compress";
import { matchPage } from "./page-match";

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

/**
 * What the HTML of a path needs from the server's features, set per request by app.ts
 * (`res.locals.publicPage`): its status, and its head as HTML (features/public-pages/head.ts).
 */
export type PageAnswer = { status: number; headHtml: (html: string) => string; noindex: boolean };

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
 * index.html for a path, naming the chunks of the page it shows (and, for a signed-in user, of
 * the shell) so they load beside the entry. A signed-in-only page's chunks are named only for a
 * signed-in user: a visitor is sent away.
 */
function withPageChunks(html: string, links: PageChunkLinks, pathname: string, signedIn: boolean): string {
  // A visitor's root is the login chooser (the router's own route), hydrated from the server's drawing.
  const route = pathname === "/" && !signedIn ? pageRoutes.find((candidate) => candidate.module === "login") : matchPage(pathname)?.route;
  const files = new Set([
    ...(route && (signedIn || !route.signedIn) ? (links.pages.get(route.module) ?? []) : []),
    ...(signedIn ? links.signedInShell : []),
  ]);
  const tags = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("");
  return tags ? html.replace("</head>", `${tags}</head>`) : html;
}

/**
 * A module the client build made for Node (vite.config.ts, serverRenderingForNode) in dist/ssr,
 * beside the client's folder; null when it is not there (a test's own page, or an older build).
 */
async function loadServerRendering<T>(distDir: string, name: string): Promise<Partial<T> | null> {
  const file = path.join(distDir, `../ssr/${name}.js`);
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Partial<T>;
}

/** The signed-in first screen's renderer (decision 015). */
const loadFirstScreen = async (distDir: string): Promise<RenderFirstScreen | null> =>
  (await loadServerRendering<{ renderFirstScreen: RenderFirstScreen }>(distDir, "first-screen"))?.renderFirstScreen ?? null;

/** The public pages' renderer (decision 016). */
const loadPublicPages = async (distDir: string): Promise<PublicPageRenderer | null> =>
  (await loadServerRendering<{ publicPageRenderer: PublicPageRenderer }>(distDir, "public-pages"))?.publicPageRenderer ?? null;

/** A visitor's public page as the server drew it (features/public-pages/server-rendered.ts). */
export type PublicPageAnswer = { status: number; html: string; pageState: string };
/** A visitor's page as sent (status, whether listed, the encoded HTML and its ETag). */
export type SentPage = { status: number; noindex: boolean; body: Buffer; etag: string };
/**
 * What app.ts gives the HTML's route to keep a visitor's page as sent, per encoding
 * (features/public-pages/visitor-pages.ts): the page kept, else made by `make` (and kept when it may be).
 */
export type KeepVisitorPage = (encoding: JsonEncoding, make: () => Promise<SentPage>) => Promise<SentPage>;
/** What app.ts gives the HTML's route for a visitor's page: the page drawn by this renderer, or null (not one drawn on the server). */
export type DrawPublicPage = (renderer: PublicPageRenderer) => Promise<PublicPageAnswer | null>;

/**
 * index.html with a visitor's public page drawn in (decision 016): the markup in the app's root,
 * which the browser hydrates, the queries it was drawn from in a JSON data block (client
 * lib/page-state.ts; a data block never runs, and "<" is escaped so no text can close it).
 * The page's head is already in `html` (PageAnswer.headHtml). Its scripts come after its first
 * paint, as a signed-in first screen's do (scriptsAfterFirstPaint).
 */
export function withPublicPage(html: string, page: PublicPageAnswer): string {
  return scriptsAfterFirstPaint(html).replace(
    '<div id="root"></div>',
    () => `<div id="root">${page.html}</div><script id="page-state" type="application/json">${page.pageState}</script>`,
  );
}

/**
 * A page whose first screen the server drew (a visitor's public page, a signed-in user's first
 * screen) asks for the app's scripts, the entry and every module named beside it, only once that
 * screen is on the screen: public/first-screen-boot.js, named in their place, asks for them then.
 * Until then the HTML and the style sheet have the connection to themselves; a tap or a form sent
 * before the app has taken over is held by the boot script and replayed once it has (lib/hydration.ts).
 * On Lighthouse's slow phone the public pages' LCP went from 1.9-2.1 s to about 1 s
 * (docs/performance-log.md, 30 November 2026): every script that arrives before the first paint
 * counts as holding it back.
 */
function scriptsAfterFirstPaint(html: string): string {
  const modules: string[] = [];
  const withoutModules = html.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
    modules.push(href);
    return "";
  });
  return withoutModules.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_tag, entry: string) =>
      `<script defer src="/first-screen-boot.js" data-entry="${entry}" data-preload="${modules.join(" ")}"></script>`,
  );
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
  const route = matchPage(pathname)?.route;
  // A page this user's role may not see shows "Access Denied" in the general skeleton's place.
  const module = route && mayOpen(route, user.userType) ? route.module : null;
  const markup = render(user, pathname, { layout: route?.shell === "bare" ? "bare" : "shell", module });
  return scriptsAfterFirstPaint(html).replace(
    '<div id="root"></div>',
    () => `<div id="first-screen" inert>${markup}</div><div id="root" hidden></div>`,
  );
}

/**
 * Serves the React app on the same port as the API: through Vite's middleware with hot reload in
 * development, from the built files otherwise. Unknown non-API paths get index.html (client routing).
 */
export async function mountClient(
  app: Express,
  options: { dev: boolean; server: Server; distDir?: string; publicPages?: PublicPageRenderer },
): Promise<void> {
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
  // DESIGN 12: the service worker is asked for again on every visit (no-cache), so a deploy is
  // found at once; the manifest likewise, as an installed app's name and icons follow it.
  app.get(["/sw.js", "/manifest.webmanifest"], (req, res) => {
    const file = req.path === "/sw.js" ? "sw.js" : "manifest.webmanifest";
    res.setHeader("Cache-Control", "no-cache");
    res.type(file === "sw.js" ? "text/javascript" : "application/manifest+json");
    res.sendFile(path.join(distDir, file), { cacheControl: false, dotfiles: "deny" }, (err) => {
      if (err && !res.headersSent) res.status(404).type("text/plain").send("Not found");
    });
  });
  // A script or style sheet that is not in this build (an old page after a deploy, a typo) is a
  // plain 404: never the app's HTML, which a browser would try to run as a script (DESIGN.md 12).
  app.use("/assets", (_req, res) => {
    res.status(404).type("text/plain").setHeader("Cache-Control", "no-store").send("Not found");
  });
  // The build's own files all have an extension (favicon.svg, icons/*.png, sw-register.js): a page's
  // path (/coach/12) is not looked for on disk, a file-system call per page visit (bench:ssr).
  const publicFiles = express.static(distDir, { index: false, maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  const indexHtml = readFileSync(indexFile, "utf8");
  const chunkLinks = pageChunkLinks(distDir);
  const renderFirstScreen = await loadFirstScreen(distDir);
  // publicPages: tests draw with the client's sources instead of a build.
  const publicPages = options.publicPages ?? (await loadPublicPages(distDir));
  /** The page's HTML, status and whether it is listed, as the features answer it for this request and user. */
  const composePage = async (req: Request, res: Response, user: unknown) => {
    const signedIn = user !== null && user !== undefined;
    const publicPage = res.locals.publicPage as (() => Promise<PageAnswer>) | undefined;
    const answer = publicPage ? await publicPage() : null;
    const withChunks = withPageChunks(indexHtml, chunkLinks, req.path, signedIn);
    const page = answer ? answer.headHtml(withChunks) : withChunks;
    let html = page;
    let status = 200;
    try {
      if (signedIn) html = withFirstScreen(page, renderFirstScreen, user as CurrentUser, req.path);
    } catch (err) {
      // The app still draws the page; only its early paint is lost.
      req.log.warn({ err }, "The first screen could not be drawn on the server");
    }
    const drawPublicPage = res.locals.drawPublicPage as DrawPublicPage | undefined;
    if (!signedIn && publicPages && drawPublicPage) {
      try {
        const drawn = await drawPublicPage(publicPages);
        if (drawn) {
          html = withPublicPage(page, drawn);
          status = drawn.status;
        }
      } catch (err) {
        // The browser draws the page, as before server rendering.
        req.log.error({ err }, "A public page could not be drawn on the server");
      }
    }
    // The truth about the path (DESIGN.md 12): 404 for no page, an unknown coach, an empty place.
    if (answer) status = answer.status;
    if (res.locals.pageUser) html = withPageUser(html, user);
    return { html, status, noindex: answer?.noindex ?? false };
  };

  app.get(/^(?!\/api\/|\/ws\/).*/, async (req, res) => {
    const pageUser = res.locals.pageUser as (() => Promise<unknown>) | undefined;
    const user = pageUser ? await pageUser() : null;
    const signedIn = user !== null && user !== undefined;
    // A page that embeds the signed-in user is personal data: never stored (not even by the
    // browser, where the next person at a shared computer could go back to it). Others differ by
    // session too: never kept by a shared cache, revalidated by the browser (ETag).
    res.setHeader("Cache-Control", signedIn ? "no-store" : "private, no-cache");
    res.setHeader("Vary", "Cookie");
    const keep = res.locals.keepVisitorPage as KeepVisitorPage | undefined;
    if (!signedIn && keep) {
      // A visitor's page, as sent to every visitor who takes the same encoding.
      const encoding = chooseJsonEncoding(req, Infinity);
      const sent = await keep(encoding, async () => {
        const { html, status, noindex } = await composePage(req, res, user);
        const body = encodeJson(html, encoding);
        // The ETag Express's own res.send would give these bytes (its "etag fn" setting).
        const etagOf = req.app.get("etag fn") as (body: Buffer) => string;
        return { status, noindex, body, etag: etagOf(body) };
      });
      if (sent.noindex) res.setHeader("X-Robots-Tag", "noindex");
      res.status(sent.status).setHeader("ETag", sent.etag);
      if (sent.status === 200 && req.fresh) return void res.status(304).end();
      sendEncoded(req, res, encoding, sent.body, "text/html; charset=utf-8");
      return;
    }
    const { html, status, noindex } = await composePage(req, res, user);
    // Pages not to be listed (signed-in ones among them) say so in a header as well as in the head.
    if (noindex) res.setHeader("X-Robots-Tag", "noindex");
    res.status(status).type("html").send(html);
  });
}
