import { randomUUID } from 'node:crypto';
import type { FaultEnvironment } from '../lib/environment';
import { FakeModel } from '../lib/fake-model';
import type { Answer } from '../lib/http';
import { sleep, whileAlive } from '../lib/processes';
import { check, say, seconds } from '../lib/report';
import { answerCounts, checkSalesRecordedOnce, sell } from '../lib/sales';

const DOWN_MS = 4000;

/**
 * Redis killed (SIGKILL) while a job runs and others are asked for, then
 * started again on its append-only file. Meanwhile the API keeps serving
 * (sales, reads); the jobs wait and then run, each exactly once (the model is
 * asked once per question), and no process restarts.
 *
 * The jobs are the assistant's questions: the API puts each on the `ai` queue
 * and waits for its answer; a worker process answers it with the model.
 */
export async function redisDown(env: FaultEnvironment): Promise<void> {
  const { seed } = env;
  const model = new FakeModel();
  const modelEnv = {
    OPENAI_BASE_URL: await model.start(),
    OPENAI_API_KEY: 'faults',
    AI_TIMEOUT_MS: '10000',
    AI_RETRIES: '2',
  };
  try {
    const db = await env.newDatabase('redis_down');
    const [api, worker, projector] = await Promise.all([
      env.startApi('redis-api', db, modelEnv),
      env.startWorker('redis-worker', db, modelEnv),
      env.startProjector('redis-projector', db),
    ]);
    const session = seed.sessions.downtown;
    /** Asks the assistant; resolves with the answer and when it came. */
    const ask = (marker: string) =>
      session
        .request<{ data: { mode: string } }>(api.baseUrl, 'POST', '/api/chat/pharmacist', {
          body: { message: `Is paracetamol in stock? (${marker})` },
          timeoutMs: 60_000,
        })
        .then((answer) => ({ answer, at: Date.now() }));
    const answered = (answer: Answer<{ data: { mode: string } }>) =>
      answer.status === 200 && answer.body.data.mode === 'model';

    const before = `q0-${randomUUID()}`;
    const { answer: first } = await ask(before);
    if (!answered(first) || model.askedAbout(before) !== 1) {
      throw new Error(`the assistant did not answer through the worker before the fault: ${first.status}`);
    }

    // A question the worker is working on (the model thinks for 2 s) when Redis dies.
    model.delayMs = 2000;
    const running = `q1-${randomUUID()}`;
    const runningAnswer = ask(running);
    while (model.askedAbout(running) === 0) await sleep(20);
    const killedAt = Date.now();
    await env.killRedis();
    say(
      `killed Redis (SIGKILL) while the worker (pid ${worker.pid}) ran a job; the API (pid ${api.process.pid}) ` +
        'puts the assistant questions on the queue',
    );
    // Questions asked while Redis is down: their jobs cannot be queued yet.
    const waiting = [`q2-${randomUUID()}`, `q3-${randomUUID()}`];
    const waitingAnswers = waiting.map((marker) => ask(marker));

    const load = await whileAlive(
      sell({
        tills: [{ label: 'downtown', baseUrl: () => api.baseUrl, session, pharmacyId: seed.pharmacies.downtown }],
        products: seed.products,
        count: 30,
        concurrency: 3,
        deadlineMs: DOWN_MS,
      }),
      api.process,
      worker,
    );
    const read = await session.request(api.baseUrl, 'GET', '/api/sales?limit=5');
    const servingProblems = [
      ...(load.acknowledged.length === 30
        ? []
        : [`${load.acknowledged.length}/30 sales acknowledged (${answerCounts(load)})`]),
      ...(read.status === 200 ? [] : [`GET /api/sales answered ${read.status}`]),
      ...(await checkSalesRecordedOnce(db.pool, [load])),
    ];
    check(
      `while down: the API kept serving: 30/30 sales acknowledged in ${seconds(load.ms)} (answers: ${answerCounts(load)}), ` +
        `each in the log once; sales list 200`,
      servingProblems,
    );
    const stillDown = DOWN_MS - (Date.now() - killedAt);
    if (stillDown > 0) await sleep(stillDown);
    const reachedWhileDown = waiting.filter((marker) => model.askedAbout(marker) > 0);
    check(
      'while down: the 2 questions asked meanwhile waited (their jobs reached no worker)',
      reachedWhileDown.length === 0 ? [] : [`${reachedWhileDown.join(', ')} reached the model while Redis was down`],
    );

    // Measured from the restart's start: the processes may reconnect before the restart returns.
    const back = Date.now();
    const restartMs = await env.restartRedis();
    say(
      `  Redis down ${seconds(back + restartMs - killedAt)}; restarted on its append-only file in ${seconds(restartMs)}`,
    );
    const answers = await whileAlive(Promise.all([runningAnswer, ...waitingAnswers]), api.process, worker);
    const last = Math.max(...answers.map(({ at }) => at));
    // A job run twice (a stalled job taken up again) would ask the model again: give it a moment to show.
    await sleep(1000);
    const markers = [running, ...waiting];
    check(
      `back up: the job running at the kill (its result kept until Redis was back: answered ` +
        `${seconds(answers[0]!.at - back)} after) and the 2 that waited all answered by the model within ` +
        `${seconds(last - back)}, each run exactly once; worker (pid ${worker.pid}) and API ` +
        `(pid ${api.process.pid}) never restarted`,
      [
        ...answers.flatMap(({ answer }, i) =>
          answered(answer) ? [] : [`question ${markers[i]} answered ${answer.status} ${JSON.stringify(answer.body)}`],
        ),
        ...(answers[0]!.at >= back ? [] : ['the running job was answered while Redis was down']),
        ...markers.flatMap((marker) =>
          model.askedAbout(marker) === 1 ? [] : [`the model was asked ${marker} ${model.askedAbout(marker)} times`],
        ),
        ...(worker.alive && api.process.alive ? [] : ['a process ended']),
      ],
    );
    await Promise.all([api.process.stop(), worker.stop(), projector.stop()]);
  } finally {
    await model.stop();
  }
}
