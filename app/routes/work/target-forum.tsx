import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

/** Notification target: the project's forum, on its work page. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/work/projects/${params.id}?tab=forum`);
