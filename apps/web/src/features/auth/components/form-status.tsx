import { AlertCircleIcon, CircleCheckIcon, InfoCircleIcon } from '../../../components/light-icons';
import classes from './form-status.module.css';

const ICONS = { error: AlertCircleIcon, success: CircleCheckIcon, info: InfoCircleIcon };

/** One status line for the auth forms; errors and successes are announced to screen readers. */
export function FormStatus({ kind, message }: { kind: 'error' | 'success' | 'info'; message: string }) {
  const Icon = ICONS[kind];
  return (
    <div className={`${classes.root} ${classes[kind]}`} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon size={18} />
      <span>{message}</span>
    </div>
  );
}
