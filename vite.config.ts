import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { reactRouterHonoServer } from "react-router-hono-server/dev";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    reactRouterHonoServer({ serverEntryPoint: "server/index.ts" }),
    tailwindcss(),
    reactRouter(),
  ],
  // "~/core/money" is core/money.ts wherever it is imported from (tsconfig.json "paths").
  resolve: {
    alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./", import.meta.url)) }],
  },
  build: { target: "es2022" },
  ssr: { external: ["@electric-sql/pglite", "sharp", "postgres", "pino"] },
});
