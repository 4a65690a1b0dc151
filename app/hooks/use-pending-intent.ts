import { useNavigation } from "@remix-run/react";

/** Whether the page's form with this intent is on its way (sent, or its answer loading). */
export function usePendingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}
