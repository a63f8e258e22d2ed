"use client";

import { useEffect } from "react";
import { Spinner } from "@/components/ui/states";

/** No session: to the sign-in page, which brings the person back here afterwards. */
export function SignInRedirect() {
  useEffect(() => {
    const { pathname, search } = window.location;
    window.location.replace(`/sign-in?callbackUrl=${encodeURIComponent(pathname + search)}`);
  }, []);
  return (
    <div className="page-center">
      <Spinner />
    </div>
  );
}
