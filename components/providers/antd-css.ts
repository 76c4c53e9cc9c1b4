// antd's prebuilt component styles (108 KiB gzip; zero-runtime theme, app-providers.tsx).
// Every module that renders antd components imports this file, and nothing else does: a screen
// whose first paint has no antd component (the shell, the kit lists, the mall) no longer waits
// for this render-blocking stylesheet, which it would not use (issue 18); it arrives with the
// first drawer, dialog or toast. antd-css.test.ts keeps every antd importer listed.
import "antd/dist/antd.css";
import "./antd-contrast.css";
