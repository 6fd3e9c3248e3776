import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffMemberView, type StaffRole } from '../../../contract/backoffice.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { Can, useCan, useMe } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatTime } from '../ui/format.ts';

const texts = defineTexts({
  en: {
    title: 'Staff',
    subtitle: 'Members of the back office, their roles and how they sign in.',
    invite: 'Invite a member',
    email: 'E-mail',
    name: 'Name',
    role: 'Role',
    send: 'Send the invitation',
    link: 'Set-up link for {email} (also mailed; good for 72 hours, once):',
    status: 'Status',
    created: 'Since',
    lastSignIn: 'Last sign-in',
    actions: 'Actions',
    disable: 'Disable',
    enable: 'Enable',
    reset: 'Reset sign-in',
    confirmDisable: 'Disable {email}? Their sessions end now.',
    confirmReset: 'Reset the sign-in of {email}? Their password and authenticator are cleared and a new set-up link is made.',
    you: 'you',
    invited: 'invited',
    active: 'active',
    disabled: 'disabled',
    caption: 'Staff members',
  },
  fr: {
    title: 'Équipe',
    subtitle: 'Les membres du back office, leurs rôles et leur connexion.',
    invite: 'Inviter un membre',
    email: 'E-mail',
    name: 'Nom',
    role: 'Rôle',
    send: 'Envoyer l’invitation',
    link: 'Lien de configuration pour {email} (aussi envoyé par e-mail ; valable 72 heures, une fois) :',
    status: 'Statut',
    created: 'Depuis',
    lastSignIn: 'Dernière connexion',
    actions: 'Actions',
    disable: 'Désactiver',
    enable: 'Réactiver',
    reset: 'Réinitialiser la connexion',
    confirmDisable: 'Désactiver {email} ? Ses sessions prennent fin immédiatement.',
    confirmReset: 'Réinitialiser la connexion de {email} ? Son mot de passe et son authentificateur sont effacés et un nouveau lien est créé.',
    you: 'vous',
    invited: 'invité',
    active: 'actif',
    disabled: 'désactivé',
    caption: 'Membres de l’équipe',
  },
});

const STAFF_QUERY = ['backoffice', 'staff'] as const;

export default function StaffScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const { data: me } = useMe();
  const can = useCan();
  const queryClient = useQueryClient();
  const table = useTableParams();
  const members = useQuery({ queryKey: STAFF_QUERY, queryFn: () => backofficeApi<StaffMemberView[]>('staff/list') });
  const [link, setLink] = useState<{ email: string; link: string } | null>(null);
  const [error, setError] = useState<unknown>(null);

  const change = useMutation({
    mutationFn: ({ name, body }: { name: string; body: Record<string, unknown> }) => backofficeApi<unknown>(name, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY }),
    onError: (caught) => setError(caught),
  });

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setError(null);
    try {
      const answer = await backofficeApi<{ member: StaffMemberView; link: string }>('staff/invite', {
        body: { email: form.get('email'), display_name: form.get('display_name'), role: form.get('role') },
      });
      setLink({ email: answer.member.email, link: answer.link });
      formElement.reset();
      await queryClient.invalidateQueries({ queryKey: STAFF_QUERY });
    } catch (caught) {
      setError(caught);
    }
  }

  const statusTone = { active: 'good', invited: 'info', disabled: 'bad' } as const;
  const columns: ColumnDef<StaffMemberView, unknown>[] = [
    {
      id: 'name',
      header: t('name'),
      cell: ({ row }) => (
        <>
          <strong>{row.original.display_name}</strong> {row.original.id === me?.id && <Badge>{t('you')}</Badge>}
          <div className="bo-hint">{row.original.email}</div>
        </>
      ),
    },
    {
      id: 'role',
      header: t('role'),
      cell: ({ row }) =>
        can('staff.manage') && row.original.id !== me?.id ? (
          <select
            aria-label={`${t('role')} ${row.original.email}`}
            value={row.original.role}
            onChange={(event) => change.mutate({ name: 'staff/role', body: { id: row.original.id, role: event.target.value } })}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        ) : (
          row.original.role
        ),
    },
    { id: 'status', header: t('status'), cell: ({ row }) => <Badge tone={statusTone[row.original.status]}>{t(row.original.status)}</Badge> },
    { id: 'created', header: t('created'), cell: ({ row }) => formatTime(row.original.created_at, locale) },
    { id: 'last', header: t('lastSignIn'), cell: ({ row }) => formatTime(row.original.last_sign_in_at, locale) },
    {
      id: 'actions',
      header: t('actions'),
      cell: ({ row }) =>
        can('staff.manage') && row.original.id !== me?.id ? (
          <span className="bo-actions">
            <Button
              tone={row.original.status === 'disabled' ? 'default' : 'danger'}
              onClick={() => {
                const disabled = row.original.status !== 'disabled';
                if (!disabled || window.confirm(t('confirmDisable', { email: row.original.email }))) change.mutate({ name: 'staff/disable', body: { id: row.original.id, disabled } });
              }}
            >
              {row.original.status === 'disabled' ? t('enable') : t('disable')}
            </Button>
            {row.original.status !== 'disabled' && (
              <Button
                tone="quiet"
                onClick={async () => {
                  if (!window.confirm(t('confirmReset', { email: row.original.email }))) return;
                  try {
                    const answer = await backofficeApi<{ member: StaffMemberView; link: string }>('staff/reset-sign-in', { body: { id: row.original.id } });
                    setLink({ email: answer.member.email, link: answer.link });
                    await queryClient.invalidateQueries({ queryKey: STAFF_QUERY });
                  } catch (caught) {
                    setError(caught);
                  }
                }}
              >
                {t('reset')}
              </Button>
            )}
          </span>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {fieldError(error, '_') && <Notice tone="bad">{fieldError(error, '_')}</Notice>}
      {fieldError(error, 'id') && <Notice tone="bad">{fieldError(error, 'id')}</Notice>}
      {fieldError(error, 'role') && <Notice tone="bad">{fieldError(error, 'role')}</Notice>}
      {link && (
        <Notice tone="good">
          {t('link', { email: link.email })} <span className="bo-mono" data-testid="setup-link">{link.link}</span>
        </Notice>
      )}
      <Can permission="staff.manage">
        <Panel title={t('invite')}>
          <form className="bo-filters" onSubmit={(event) => void invite(event)} noValidate>
            <TextField label={t('email')} name="email" type="email" required error={fieldError(error, 'email')} />
            <TextField label={t('name')} name="display_name" required error={fieldError(error, 'display_name')} />
            <SelectField label={t('role')} name="role" defaultValue={'support' satisfies StaffRole} options={STAFF_ROLES.map((role) => ({ value: role, label: role }))} />
            <Button type="submit" tone="primary">
              {t('send')}
            </Button>
          </form>
        </Panel>
      </Can>
      <DataTable caption={t('caption')} columns={columns} rows={members.data} total={members.data?.length} loading={members.isLoading} table={table} rowKey={(row) => String(row.id)} />
    </>
  );
}
