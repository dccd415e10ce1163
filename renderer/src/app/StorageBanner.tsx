import { useConnection } from '../bridge/connection';
import { useApiQuery } from '../bridge/query';
import { Notice } from '../ui/Notice';

const WHAT: Record<string, string> = { jobs: 'The job history' };

/**
 * Says, once per session, that a state file could not be read: the app started with what it
 * could read, and the unreadable bytes were kept (never written over) where the user can find
 * them or send them to support.
 */
export function StorageBanner() {
  const connection = useConnection();
  const problems = useApiQuery(
    'storage:problems',
    {},
    { enabled: connection.state === 'open', staleTime: Infinity },
  );
  if (!problems.data?.length) return null;
  return (
    <>
      {problems.data.map((problem) => (
        <Notice
          key={problem.store}
          tone="warn"
          title={`${WHAT[problem.store] ?? problem.store} could not be read`}
          testId="storage-banner"
        >
          {problem.message}{' '}
          {problem.keptAt ? (
            <>
              Its contents were kept unchanged at <code>{problem.keptAt}</code> and Soundstage
              started with what it could read. Jobs listed there may already have been charged:
              check them on the service before submitting them again, and keep the file if you
              contact support.
            </>
          ) : (
            <>
              It could not be set aside either, so Soundstage will not write job history this
              session. Free disk space or fix the data folder&apos;s permissions, then restart.
            </>
          )}
        </Notice>
      ))}
    </>
  );
}
