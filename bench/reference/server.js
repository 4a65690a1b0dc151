// The reference page's server: Remix's Express adapter and nothing else (see vite.config.ts).
import { createRequestHandler } from "@remix-run/express";
import express from "express";

const build = await import(new URL("./build/server/index.js", import.meta.url).href);
const app = express();
app.use(
  "/assets",
  express.static(new URL("./build/client/assets", import.meta.url).pathname, { immutable: true, maxAge: "1y" }),
);
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT ?? 3391), "127.0.0.1");
