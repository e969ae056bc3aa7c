import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testRedisUrl } from './database';

type Reply = (body: Record<string, unknown>) => { status: number; body: unknown } | 'hang';

/**
 * A local OpenAI-compatible server for tests: it records each request (path,
 * authorization and body) and answers as `answerWith` says, or never ('hang').
 */
export function fakeOpenAi() {
  const requests: Array<Record<string, unknown>> = [];
  let reply: Reply = () => ({ status: 500, body: {} });
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer((req, res) => {
    void read(req).then((text) => {
      const body = JSON.parse(text) as Record<string, unknown>;
      requests.push({ path: req.url, authorization: req.headers.authorization, ...body });
      const answer = reply(body);
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  return {
    requests,
    answerWith(next: Reply) {
      reply = next;
    },
    /** Listens on a free port of 127.0.0.1; resolves with the base URL (…/v1). */
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    async stop(): Promise<void> {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A chat completion answering with `message` (content, or tool_calls). */
export const completion = (message: Record<string, unknown>) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 0,
  model: 'fake-pharmacy-model',
  choices: [
    { index: 0, finish_reason: message.tool_calls ? 'tool_calls' : 'stop', message: { role: 'assistant', ...message } },
  ],
});

/**
 * The server's environment for a model at `baseUrl` (a fakeOpenAi server):
 * questions and photos travel as BullMQ `ai` jobs on the harness's Redis,
 * answered by the server's own worker, each attempt within 1.5 s.
 */
export const modelEnv = (baseUrl: string, settings: Record<string, string>): Record<string, string> => ({
  OPENAI_BASE_URL: baseUrl,
  OPENAI_API_KEY: 'test-key',
  BACKGROUND_JOBS: 'true',
  REDIS_URL: testRedisUrl(),
  AI_TIMEOUT_MS: '1500',
  ...settings,
});
