import { integer, pgTable, text } from 'drizzle-orm/pg-core';

// Reference tables keep fixed ids (the spec and the API speak of country 1 and 2),
// so their keys are plain integers filled by ensureReferenceData, not sequences.
export const countries = pgTable('countries', {
  id: integer().primaryKey(),
  country_name: text().notNull(),
  code: text().notNull().unique(),
});

export const roles = pgTable('roles', {
  id: integer().primaryKey(),
  role_name: text().notNull().unique(),
});

export const agentLevels = pgTable('agent_levels', {
  id: integer().primaryKey(),
  level_name: text().notNull().unique(),
});
