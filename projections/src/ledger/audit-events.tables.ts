import type { ProjectionTables } from '../schema/tables';

/** The tables the audit-events projection owns (see ProjectionTables). */
export const auditEventsTables: ProjectionTables = {
  tables: {
    audit_events: `
      CREATE TABLE audit_events (
          "position" bigint NOT NULL,
          event_id uuid NOT NULL,
          event_type text NOT NULL,
          stream_id text NOT NULL,
          occurred_at timestamp with time zone NOT NULL,
          recorded_at timestamp with time zone NOT NULL,
          user_id uuid,
          pharmacy_id uuid,
          product_ids uuid[] NOT NULL,
          batch_ids uuid[] NOT NULL,
          data jsonb NOT NULL,
          CONSTRAINT audit_events_pkey PRIMARY KEY ("position")
      )`,
  },
  indexes: [
    `CREATE INDEX audit_events_batches_idx ON audit_events USING gin (batch_ids)`,
    `CREATE INDEX audit_events_occurred_idx ON audit_events (occurred_at, "position")`,
    `CREATE INDEX audit_events_pharmacy_idx ON audit_events (pharmacy_id, "position" DESC)`,
    `CREATE INDEX audit_events_products_idx ON audit_events USING gin (product_ids)`,
    `CREATE INDEX audit_events_type_idx ON audit_events (event_type, "position" DESC)`,
    `CREATE INDEX audit_events_user_idx ON audit_events (user_id, "position" DESC)`,
  ],
};
