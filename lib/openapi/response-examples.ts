import examples from './response-examples.json';

/**
 * The 200 body of each built operation, as it answered its documented request on the seeded
 * demo data (written by `npm run openapi:examples`; tests/openapi-response-examples.test.ts
 * keeps them valid against the response schemas and equal to what the operations answer).
 */
export const responseExamples: Readonly<Record<string, unknown>> = examples;
