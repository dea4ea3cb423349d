import { DRIVE_UPLOAD_KEY_FIELD, driveEndpoints, DriveUploadKeySchema } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { registerUploads } from '../../platform/multipart-upload';
import { userRateLimits } from '../../platform/rate-limit';
import { contentDisposition } from '../../platform/serve-blob';
import { AppError } from '../../platform/errors';
import { onItemAdded } from '../../platform/item-events';
import { confirmAppConnect, disconnect, driveDeps, finishConnect, NOT_CONFIGURED, startConnect, STATE_COOKIE, type DriveDeps } from './connection.service';
import { copyAddedItem, copyExistingItems, copyRecordingNow, getDriveCopy, getDriveStatus, initializeFolders, listDriveFiles, openDriveFile } from './drive.service';
import { uploadFileName, uploadToFolder } from './folder-upload';

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
    const stop = onItemAdded(db, (item) => copyAddedItem(db, item, drive), (err, item) => app.log.warn({ err }, `drive: queueing the copy of ${item.kind} ${item.id} failed`));
    app.addHook('onClose', async () => stop());
  }

  route(app, driveEndpoints.status, async ({ actor }) => getDriveStatus({ db, configured: drive !== null, userId: actor.userId }));

  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  route(app, driveEndpoints.connect, async ({ actor, body, reply }) => {
    const client = body?.client ?? 'browser';
    const { authorization_url, proof } = await startConnect(configured(), { actor, returnTo: body?.return_to, client });
    // Sent back by the browser on Google's redirect (a top-level navigation: SameSite=Lax), only to the callback. The
    // phone app's consent runs in the system browser, which never has it: its return is bound by a result code.
    if (client === 'browser') reply.header('set-cookie', `${STATE_COOKIE}=${proof}; Path=/api/drive/callback; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
    return { authorization_url };
  });

  route(app, driveEndpoints.callback, async ({ query, req, reply }) => {
    const proof = new RegExp(`(?:^|;\\s*)${STATE_COOKIE}=([^;]+)`).exec(req.headers.cookie ?? '')?.[1];
    // An absolute address: this app's page with the outcome, or the phone app's link with its result code.
    // A failure comes back as a code (DRIVE_RETURN_ERRORS); what Google or the exchange said is logged here.
    const target = drive ? await finishConnect(drive, query, proof, (detail) => req.log.warn(detail)) : `${config.publicUrl}/?drive_error=not_configured`;
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('set-cookie', `${STATE_COOKIE}=; Path=/api/drive/callback; Max-Age=0; HttpOnly; SameSite=Lax${secure}`)
      .redirect(target, 302);
  });

  // The phone app's return: the result code of fieldbook://drive-connected, confirmed by the session that started it.
  route(app, driveEndpoints.confirmConnect, async ({ actor, body }) => {
    await confirmAppConnect(configured(), actor, body.result);
    return getDriveStatus({ db, configured: true, userId: actor.userId });
  });

  route(app, driveEndpoints.disconnect, async ({ actor }) => {
    await disconnect(configured(), actor.userId);
    return getDriveStatus({ db, configured: true, userId: actor.userId });
  });

  route(app, driveEndpoints.initializeFolders, async ({ actor }) => initializeFolders(configured(), actor.userId));

  route(app, driveEndpoints.files, async ({ actor, query }) => listDriveFiles(configured(), { userId: actor.userId, folder: query.folder, pageToken: query.page_token }));

  // The folder manager's Upload: one file, the documents' size limit, the per-user upload limit.
  const uploads = await registerUploads(app, { path: driveEndpoints.uploadToFolder.path, maxBytes: config.documentMaxBytes, fields: 2, fieldSize: 200 });
  const uploadLimit = userRateLimits(deps).upload;
  route(app, driveEndpoints.uploadToFolder, async ({ actor, params, req }) => {
    const d = configured();
    if (!uploads.isMultipart(req)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data (field "file")');
    await uploadLimit(actor.userId);
    let result: Awaited<ReturnType<typeof uploadToFolder>> | null = null;
    // The upload key comes before the file (one name for the file's tries: a retry lands on the same Drive file).
    let uploadKey: string | undefined;
    for await (const part of uploads.parts(req)) {
      if (part.type === 'field' && part.fieldname === DRIVE_UPLOAD_KEY_FIELD && !uploadKey && !result) {
        const parsed = DriveUploadKeySchema.safeParse(part.value);
        if (!parsed.success) throw new AppError('VALIDATION_ERROR', 'Not an upload key');
        uploadKey = parsed.data;
        continue;
      }
      if (part.type !== 'file' || part.fieldname !== 'file' || result) {
        if (part.type === 'file') part.file.resume();
        throw new AppError('VALIDATION_ERROR', 'Send one file, in the field "file"');
      }
      result = await uploadToFolder(d, { userId: actor.userId, folder: params.key, fileName: uploadFileName(part.filename), mimeType: part.mimetype || 'application/octet-stream', body: part.file, uploadKey });
    }
    if (!result) throw new AppError('VALIDATION_ERROR', 'Choose a file to upload');
    return result;
  });

  route(app, driveEndpoints.content, async ({ actor, params, reply }) => {
    const file = await openDriveFile(configured(), { userId: actor.userId, id: params.id });
    return reply.header('content-type', file.mimeType).header('content-disposition', contentDisposition('attachment', file.name)).header('cache-control', 'private, no-store').send(file.body);
  });

  route(app, driveEndpoints.copyExisting, async ({ actor }) => copyExistingItems(configured(), actor));

  route(app, driveEndpoints.copyRecording, async ({ actor, params }) => {
    configured();
    return copyRecordingNow({ db, actor, id: params.id });
  });

  route(app, driveEndpoints.item, async ({ actor, params }) => getDriveCopy({ db, userId: actor.userId, kind: params.kind, id: params.id }));
}
