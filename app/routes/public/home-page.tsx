import { redirect } from "@remix-run/node";

/** A route the old client declared without content: home lives at /. */
export const loader = () => redirect("/");
