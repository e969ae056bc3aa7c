// How kysely-codegen turns the read database's tables into libs/read-db/src/schema.generated.ts
// (scripts/read-db-types.mjs: `npm run db:types` writes it, `npm run check` fails when it is stale).
// Types follow what `pg` hands back at run time with libs/read-db/src/connection.ts's parsers;
// the overrides only narrow what the database itself cannot say.
/** @type {import('kysely-codegen').Config} */
module.exports = {
  dialect: 'postgres',
  camelCase: true, // the CamelCasePlugin maps to snake_case
  // Only the read side: the event store's tables live in the `eventstore` schema, and the
  // migrators' bookkeeping (read_db_migrations, event_store_migrations, their locks) is no one's read model.
  includePattern: 'public.*',
  excludePattern: 'public.{*_migrations,*_migrations_lock,kysely_migration,kysely_migration_lock}',
  // DATE arrives as 'YYYY-MM-DD' (type parser 1082 in connection.ts): a calendar date has no time zone.
  dateParser: 'string',
  // bigint and numeric arrive as strings: libs/read-db/src/column-types.ts says how they are written.
  typeMapping: { int8: 'BigIntColumn', numeric: 'Decimal' },
  customImports: { BigIntColumn: './column-types', Decimal: './column-types' },
  overrides: {
    columns: {
      // Enumerations kept as text.
      'users.role': "Generated<'admin' | 'pharmacist' | 'auditor'>",
      'products.sales_unit': "'whole' | 'sachet' | 'pill' | 'blister'",
      'sale_lines.sales_unit': "'whole' | 'sachet' | 'pill' | 'blister'",
      'stock_discrepancies.kind': "'late_sale_shortfall' | 'stale_price'",
      // jsonb with a known shape, read as parsed JSON and written as JSON text (pg would send a
      // JavaScript array as a PostgreSQL array, not as JSON).
      'audit_events.data': 'ColumnType<Record<string, unknown>, string, string>',
      'job_runs.result': 'ColumnType<Record<string, unknown>, string, string>',
      'stock_discrepancies.lines':
        'ColumnType<Array<{ productId: string; productName: string; productNameAr: string | null; salesUnit: string; quantity: number }>, string, string>',
    },
  },
};
