import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { apiErrorSchema } from './errors';
import { pharmacyInputSchema, pharmacyListSchema, pharmacySchema } from './pharmacies';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json(apiErrorSchema, description);
const idParam = z.object({ id: z.string().uuid() });

/** The REST contract, built from the same zod schemas the server validates with and the web forms use. */
export function buildOpenApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();

  registry.registerPath({
    method: 'get',
    path: '/api/pharmacies',
    tags: ['Locations'],
    summary: 'List pharmacy locations',
    responses: { 200: json(pharmacyListSchema, 'Every location, ordered by name') },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/pharmacies',
    tags: ['Locations'],
    summary: 'Create a pharmacy location (administrators)',
    request: { body: { content: { 'application/json': { schema: pharmacyInputSchema } } } },
    responses: {
      201: json(pharmacySchema, 'The new location, already visible in the list'),
      400: error('Invalid input: `errors` lists a message per field; nothing was written'),
      403: error('Only administrators can add pharmacy locations'),
    },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/pharmacies/{id}',
    tags: ['Locations'],
    summary: 'Update a pharmacy location (administrators)',
    request: { params: idParam, body: { content: { 'application/json': { schema: pharmacyInputSchema } } } },
    responses: {
      200: json(pharmacySchema, 'The updated location'),
      400: error('Invalid input; nothing was written'),
      403: error('Only administrators can edit pharmacy locations'),
      404: error('No such location (code PHARMACY_NOT_FOUND)'),
      409: error('Changed concurrently by others; try again (code CONCURRENCY_CONFLICT)'),
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/pharmacies/{id}',
    tags: ['Locations'],
    summary: 'Delete a pharmacy location (administrators); its history stays in the event log',
    request: { params: idParam },
    responses: {
      204: { description: 'Deleted' },
      403: error('Only administrators can delete pharmacy locations'),
      404: error('No such location (code PHARMACY_NOT_FOUND)'),
    },
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Pharmacy management API',
      version: '0.1.0',
      description: 'Generated from libs/contracts by `npm run openapi`. Every non-2xx answer has the ApiError shape.',
    },
  });
}
