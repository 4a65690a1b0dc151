import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

/** Notification target: the project's forum, on its work page (the tasks view until that page exists). */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/work/tmp/${params.id}`);
