import { useLocation, useNavigate } from "@remix-run/react";
import type { FormEvent } from "react";
import { cleanSearch } from "~/utils/clean-query";

/**
 * A GET form's submit with JavaScript: navigates to the clean address (values trimmed, empty
 * ones left out) instead of the browser's `?q=+++x+++&difficulty=`. A blank term that changes
 * nothing does nothing (spec: an empty term does nothing).
 */
export function useCleanGetSubmit(action: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const search = cleanSearch(data.entries());
    if (location.pathname === action && search === cleanSearch(new URLSearchParams(location.search))) return;
    navigate(`${action}${search}`);
  };
}
