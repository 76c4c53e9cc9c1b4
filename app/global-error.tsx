"use client";

import "./globals.css";

// The last resort when even the root layout fails: no translations can load, so both languages.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en-US">
      <body>
        <main className="plain-page">
          <div className="plain-card" role="alert">
            <p className="plain-code">500</p>
            <h1 className="plain-title">Error prompt · 错误提示</h1>
            <p className="plain-text">
              Something went wrong. Please try again. 出错了，请重试。
              {error.digest ? ` (${error.digest})` : ""}
            </p>
            <button type="button" className="plain-button" style={{ border: 0, cursor: "pointer" }} onClick={reset}>
              Retry · 重试
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
