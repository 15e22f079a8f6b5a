import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, stopProcess } from "./processes";

export type Nginx = { url: string; dir: string; errorLog(): string; stop(): Promise<void> };

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find(existsSync);
export const hasNginx = NGINX !== undefined;

/**
 * Debian's nginx as the load balancer in front of `backends` (round robin), with its own config,
 * pid, logs and temp files in a temp dir and a random loopback port (or `port`): nothing of the
 * system's nginx is used or touched. It proxies WebSocket upgrades (the calendar socket) and names
 * the backend that answered in an `X-Upstream` header, so a test can tell which process served what.
 * `load` (bench/peak.ts): as a production proxy under load is set up, with no access log, 4,096
 * connections and 64 kept-alive connections to the backends.
 */
export async function startNginx(backends: string[], options: { port?: number; load?: boolean } = {}): Promise<Nginx> {
  if (!NGINX) throw new Error("nginx is not installed (apt-get install -y nginx)");
  const dir = mkdtempSync(path.join(tmpdir(), "lacrosse-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub));
  const port = options.port ?? (await freePort());
  const upstreams = backends.map((b) => `    server ${new URL(b).host} max_fails=0;`).join("\n");
  // As root, nginx would hand its workers to "nobody", who cannot use this 0700 temp dir.
  const user = process.getuid?.() === 0 ? "user root;" : "";
  const { load = false } = options;
  // Kept-alive backend connections need an empty Connection header on plain requests.
  const config = `${user}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${load ? 4096 : 1024}; }
http {
  access_log ${load ? "off" : `${dir}/access.log`};
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ${load ? "''" : "close"}; }
  upstream app {
${upstreams}${load ? "\n    keepalive 64;" : ""}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, config);
  const child: ChildProcess = spawn(NGINX, ["-c", file, "-p", dir, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => (existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "");
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}\n${errorLog()}`);
    if (Date.now() - started > 15_000) throw new Error(`nginx did not answer within 15 s: ${output}\n${errorLog()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dir,
    errorLog,
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
