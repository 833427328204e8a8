import type { TestProject } from "vitest/node";
import { openDatabase } from "~/server/db/client";
import { createPostgresDatabase } from "~/server/testing/test-context";

/**
 * One migrated PostgreSQL database per run, which every PostgreSQL suite copies
 * (`CREATE DATABASE … TEMPLATE`) instead of running the migrations on a new, empty one.
 * Nothing connects to it after this, as PostgreSQL requires of a template.
 */
export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const template = await createPostgresDatabase(url);
  const migrated = await openDatabase({ kind: "postgres", url: template.url, max: 1 });
  await migrated.close();
  project.provide("postgresTemplate", template.name);
  return () => template.drop();
}
