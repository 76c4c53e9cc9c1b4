import Module from "node:module";

// Lets the specs load the Prisma client (lib/db.ts, and through it lib/test/factories.ts).
// Playwright compiles TypeScript to CommonJS, but the generated client (moduleFormat "esm" in
// prisma/schema.prisma) reads `import.meta.url`, which CommonJS lacks, and Node then takes the
// whole file for an ES module. For those files only, `import.meta.url` is given its CommonJS
// meaning before compiling. playwright.config.ts installs this in the runner and every worker.

type Loader = (module: { _compile: (code: string, filename: string) => unknown }, filename: string) => unknown;
const extensions = (Module as unknown as { _extensions: Record<string, Loader> })._extensions;
const GENERATED = /[\\/]lib[\\/]generated[\\/]prisma[\\/]/;

export function installPrismaInterop(): void {
  const previous = extensions[".ts"];
  if (!previous || (previous as { prismaInterop?: boolean }).prismaInterop) return;
  const loader: Loader = (module, filename) => {
    if (GENERATED.test(filename)) {
      const compile = module._compile;
      module._compile = function (this: unknown, code: string, file: string) {
        module._compile = compile;
        return compile.call(this, code.replace(/\bimport\.meta\.url\b/g, 'require("node:url").pathToFileURL(__filename).href'), file);
      };
    }
    return previous(module, filename);
  };
  (loader as { prismaInterop?: boolean }).prismaInterop = true;
  extensions[".ts"] = loader;
}
