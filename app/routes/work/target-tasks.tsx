import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

/** Notification target: the project's tasks. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/work/projects/${params.id}?tab=tasks`);
