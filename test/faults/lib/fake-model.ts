import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { completion } from '../../harness/fake-openai';

/**
 * An OpenAI-compatible chat model for the worker's `ai` jobs that thinks for
 * `delayMs` before answering, and counts how often it was asked each question
 * (a job that ran twice asks twice).
 */
export class FakeModel {
  delayMs = 0;
  private readonly bodies: string[] = [];
  private readonly server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      this.bodies.push(text);
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(completion({ content: 'Paracetamol is in stock.' })));
      }, this.delayMs);
    });
  });

  /** Listens on a free loopback port; the base URL (…/v1). */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** How many requests carried this text (a question's unique marker). */
  askedAbout(marker: string): number {
    return this.bodies.filter((body) => body.includes(marker)).length;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
