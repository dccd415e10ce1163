import { z } from 'zod';

/** Where a notice's click leads: the job in Jobs, or a Dub batch (by its project). */
export const noticeTargetSchema = z.union([
  z.object({ screen: z.literal('jobs'), jobId: z.string() }),
  z.object({ screen: z.literal('dub'), projectPath: z.string().optional() }),
]);
export type NoticeTarget = z.infer<typeof noticeTargetSchema>;

/** One finished long job (or batch), told the same way by the OS and the in-app toast. */
export const noticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  tone: z.enum(['success', 'danger']),
  target: noticeTargetSchema,
});
export type Notice = z.infer<typeof noticeSchema>;

/** Pushes about long jobs ending (composed into eventChannels in ../contract). */
export const notificationEvents = {
  /** A long job or a batch ended: the renderer shows a toast in browser mode. */
  'notifications:show': noticeSchema,
  /** The user clicked a system notification (Electron): open what it is about. */
  'notifications:open': noticeTargetSchema,
} as const;
