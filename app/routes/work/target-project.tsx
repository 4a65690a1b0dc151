import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

/** Old notification target /projects/{id}: the project page is /project/{id}. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/project/${params.id}`);
