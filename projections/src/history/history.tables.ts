import type { ProjectionTables } from '../schema/tables';

/** The tables the history projection owns (see ProjectionTables). */
export const historyTables: ProjectionTables = {
  tables: {
    entity_history: `
      CREATE TABLE entity_history (
          entity_type text NOT NULL,
          entity_id uuid NOT NULL,
          "position" bigint NOT NULL,
          event_type text NOT NULL,
          occurred_at timestamp with time zone NOT NULL,
          user_id uuid,
          pharmacy_id uuid,
          CONSTRAINT entity_history_pkey PRIMARY KEY (entity_type, entity_id, "position")
      )`,
  },
  indexes: [`CREATE INDEX entity_history_pharmacy_idx ON entity_history (entity_type, entity_id, pharmacy_id)`],
};
