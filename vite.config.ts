import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "src/client",
  plugins: [react(), tailwindcss()],
  // The path aliases (@client/*, @contract/*) of tsconfig.base.json.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: true,
    // scripts/check-bundle-budget.mjs reads which chunks each page needs from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries in their own chunks, named for what they hold: a deploy that changes only the
        // app's code leaves their hashes, and the browser's copies, as they were. zod and the form
        // library are used only by pages and dialogs that load later, never by the first screen.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            { name: "forms", test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 20 },
            { name: "router", test: /node_modules[\\/]wouter[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
