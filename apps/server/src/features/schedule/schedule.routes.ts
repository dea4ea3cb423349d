import { endpointPath, scheduleEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { createRateLimiter, enforceRateLimit } from '../../platform/rate-limit';
import { feedCalendar, feedStatus, removeFeed, resetFeed } from './calendar-feed';
import { createCrew, listCrews, listSchedulePeople, removeCrew, updateCrew } from './crews.service';
import { findToday, findUnscheduled, listJobVisits, listVisits } from './schedule.service';
import { cancelVisit, checkConflicts, createVisit, getVisit, setVisitStatus, updateVisit } from './visits.service';

/** The schedule's endpoints (scheduleEndpoints in the contract), registered in the /api scope. */
export async function scheduleRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;

  route(app, endpoints.list, async ({ actor, query }) => listVisits({ db, actor, query }));
  route(app, endpoints.jobVisits, async ({ actor, params }) => listJobVisits({ db, actor, jobId: params.id }));
  route(app, endpoints.unscheduled, async ({ actor }) => findUnscheduled({ db, actor, now: deps.now() }));
  route(app, endpoints.today, async ({ actor }) => findToday({ db, actor, now: deps.now() }));
  route(app, endpoints.checkConflicts, async ({ actor, body }) => checkConflicts({ db, actor, input: body, now: deps.now() }));
  route(app, endpoints.get, async ({ actor, params }) => getVisit({ db, actor, visitId: params.id }));
  route(app, endpoints.create, async ({ actor, body }) => createVisit({ db, actor, input: body, now: deps.now() }));
  route(app, endpoints.update, async ({ actor, params, body }) => updateVisit({ db, actor, visitId: params.id, input: body, now: deps.now() }));
  route(app, endpoints.cancel, async ({ actor, params, body }) => cancelVisit({ db, actor, visitId: params.id, input: body, now: deps.now() }));
  route(app, endpoints.setStatus, async ({ actor, params, body }) => setVisitStatus({ db, actor, visitId: params.id, input: body, now: deps.now() }));

  route(app, endpoints.listCrews, async ({ actor }) => listCrews({ db, actor }));
  route(app, endpoints.createCrew, async ({ actor, body }) => createCrew({ db, actor, input: body }));
  route(app, endpoints.updateCrew, async ({ actor, params, body }) => updateCrew({ db, actor, crewId: params.id, input: body }));
  route(app, endpoints.removeCrew, async ({ actor, params }) => {
    await removeCrew({ db, actor, crewId: params.id });
    return { ok: true as const };
  });

  route(app, endpoints.people, async ({ actor }) => listSchedulePeople({ db, actor }));

  route(app, endpoints.feedStatus, async ({ actor }) => feedStatus({ db, actor }));
  route(app, endpoints.resetFeed, async ({ actor }) =>
    resetFeed({ db, actor, publicUrl: deps.config.publicUrl, feedPath: (token) => endpointPath(endpoints.feed.path, { token }), now: deps.now() }),
  );
  route(app, endpoints.removeFeed, async ({ actor }) => {
    await removeFeed({ db, actor });
    return { ok: true as const };
  });

  // The feed is public (a calendar app fetches it without a session): each address is counted on the same counter as
  // every other client link (platform/client-links.ts, 'client-link-ip'), so a guesser gains nothing by switching kinds.
  const perAddress = createRateLimiter({ db, name: 'client-link-ip', limit: deps.config.authRateLimit, windowMs: 60_000, now: deps.now });
  const publicHost = new URL(deps.config.publicUrl).host;
  route(app, endpoints.feed, async ({ params, req, reply }) => {
    await enforceRateLimit(perAddress, req.ip, { message: (retryIn) => `Too many requests for calendar feeds. Try again in ${retryIn}.` });
    const ics = await feedCalendar({ db, token: params.token, now: deps.now(), publicHost });
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').header('content-disposition', 'inline; filename="fieldbook.ics"').send(ics);
  });
}
