import { driveEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { onItemAdded } from '../../platform/item-events';
import { disconnect, driveDeps, finishConnect, NOT_CONFIGURED, startConnect, type DriveDeps } from './connection.service';
import { copyAddedItem, getDriveCopy, getDriveStatus, initializeFolders, listDriveFiles } from './drive.service';

/** The Google Drive endpoints (driveEndpoints in the contract), registered in the /api scope. */
export async function driveRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, config } = deps;
  const drive: DriveDeps | null = config.drive ? driveDeps({ db, config: config.drive, publicUrl: config.publicUrl }) : null;
  const configured = () => {
    if (!drive) throw new AppError('CONFLICT', NOT_CONFIGURED);
    return drive;
  };
  // What users add is copied to their Drive (the owners announce it; they never import this feature).
  if (drive) {
    const stop = onItemAdded(db, (item) => copyAddedItem(db, item), (err, item) => app.log.warn({ err }, `drive: queueing the copy of ${item.kind} ${item.id} failed`));
    app.addHook('onClose', async () => stop());
  }

  route(app, driveEndpoints.status, async ({ actor }) => getDriveStatus({ db, configured: drive !== null, userId: actor.userId }));

  route(app, driveEndpoints.connect, async ({ actor, body }) => startConnect(configured(), { actor, returnTo: body?.return_to }));

  route(app, driveEndpoints.callback, async ({ query, reply }) => {
    const target = drive ? await finishConnect(drive, query) : `/?drive_error=${encodeURIComponent(NOT_CONFIGURED)}`;
    return reply.header('cache-control', 'no-store').redirect(`${config.publicUrl}${target}`, 302);
  });

  route(app, driveEndpoints.disconnect, async ({ actor }) => {
    await disconnect(configured(), actor.userId);
    return getDriveStatus({ db, configured: true, userId: actor.userId });
  });

  route(app, driveEndpoints.initializeFolders, async ({ actor }) => initializeFolders(configured(), actor.userId));

  route(app, driveEndpoints.files, async ({ actor, query }) => listDriveFiles(configured(), { userId: actor.userId, folder: query.folder, pageToken: query.page_token }));

  route(app, driveEndpoints.item, async ({ actor, params }) => getDriveCopy({ db, userId: actor.userId, kind: params.kind, id: params.id }));
}
