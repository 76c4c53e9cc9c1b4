"use client";

import dynamic, { type DynamicOptionsLoadingProps } from "next/dynamic";
import type { ComponentType, ReactNode } from "react";

const loadScope = () => import("./antd-scope").then((m) => m.AntdScope);

/**
 * next/dynamic (client-only) for a component that renders antd: it loads with antd's scope
 * (antd-scope.tsx) and renders inside it, so the theme and locale reach it on a screen whose
 * first load has no antd. Every lazily loaded antd component goes through here; the e2e suite
 * fails a test in which antd renders outside a scope (e2e/fixtures.ts).
 */
export function antdDynamic<P extends object>(load: () => Promise<ComponentType<P>>, loading?: (props: DynamicOptionsLoadingProps) => ReactNode): ComponentType<P> {
  return dynamic<P>(
    () =>
      Promise.all([load(), loadScope()]).then(([Component, Scope]) => {
        function InAntdScope(props: P) {
          return (
            <Scope>
              <Component {...props} />
            </Scope>
          );
        }
        return InAntdScope;
      }),
    { ssr: false, loading },
  );
}
