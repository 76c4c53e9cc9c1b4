// GET  /customerWeb/api/v1/admin/<resource>/import — an empty workbook with the import columns.
// POST /customerWeb/api/v1/admin/<resource>/import (multipart, field "file") — imports every row
// or none: 200 { created, updated, message } or 422 { code, message, errors: [{ row, field, message }] }.
import type { NextRequest } from "next/server";
import { adminRoute } from "@/lib/admin/http";
import { importResource, importTemplate } from "@/lib/admin/resource";

export const dynamic = "force-dynamic";

export async function GET(req: NextRequest, ctx: { params: Promise<{ resource: string }> }) {
  const { resource } = await ctx.params;
  return adminRoute(req, resource, (r, viewer) => importTemplate(r, viewer));
}

export async function POST(req: NextRequest, ctx: { params: Promise<{ resource: string }> }) {
  const { resource } = await ctx.params;
  return adminRoute(req, resource, async (r, viewer, requestId) => {
    let file: File | null = null;
    try {
      const form = await req.formData();
      const f = form.get("file");
      file = f instanceof File ? f : null;
    } catch {
      file = null;
    }
    return importResource(r, viewer, file, requestId);
  });
}
