import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

/** Notification target: that project's join requests, in My Projects. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/work?${new URLSearchParams({ tab: "pending", requests: params.id ?? "" })}`);
