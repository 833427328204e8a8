import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Which project's files start first. The workers take files from one queue: the long journeys
 * and server processes first, so that the many short suites fill in at the end instead of one
 * long file running alone there. A project's files stay together, so that a worker that is not
 * isolated (unit and database suites) goes on to its project's next file instead of a new worker
 * starting.
 */
const PROJECTS_FIRST_TO_LAST = ["processes", "e2e", "db-postgres", "db-pglite", "unit"];

function rank(spec: TestSpecification): number {
  const index = PROJECTS_FIRST_TO_LAST.indexOf(spec.project.name);
  return index === -1 ? PROJECTS_FIRST_TO_LAST.length : index;
}

/** Vitest's order within a project (failed first, then longest last time, else largest file). */
export class ProjectsInOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
