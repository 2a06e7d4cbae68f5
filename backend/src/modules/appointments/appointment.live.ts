import { Arg, Field, ID, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { LimitedIn } from '../../common/limits.js';
import { IntegratorScope, Scope } from '../../common/scopes.js';
import { LIVE_LIMIT, LiveEventType, unlessHidden, type LiveSignal, type LiveUpdate } from '../../common/live.js';
import { wrongTransport } from '../../common/errors.js';
import { Appointment } from './appointment.entity.js';
import { hospitalAppId, mayConcernList, type AppointmentViewer } from './appointment.policy.js';

@ObjectType({ description: 'An update of appointmentEvents' })
export class AppointmentEvent {
  @Field(() => LiveEventType)
  type!: LiveEventType;

  @Field(() => Appointment, {
    nullable: true,
    description: 'CHANGE: the appointment as you may see it now. SYNC: the one followed by id, or null when following a list (refetch it)',
  })
  appointment!: Appointment | null;

  @Field({ description: 'When the server sent it' })
  at!: Date;
}

/**
 * What a subscriber hears of appointments: the records and rules of the queries. With an id, that
 * appointment (the `appointment` query's rule; NOT_FOUND refuses the subscription), and its doctor
 * going online or offline; without, every appointment of the caller's own list as its list query
 * shows it (patient: myAppointments, doctor: doctorAppointments, admin: allAppointments, app:
 * hospitalVisits of its hospital).
 */
export async function followAppointments(ctx: Context, id: string | null) {
  const { appointments, live } = ctx.services;
  const app = ctx.integrator;
  const viewer: AppointmentViewer = {
    user: ctx.user, integrator: app,
    linkedDoctorIds: app ? (em) => ctx.services.integrators.hospitalDoctorIds(em, hospitalAppId(app)) : undefined,
  };
  if (id) {
    let doctorId: string | undefined;
    return live.follow<Appointment>(ctx, {
      current: async (c) => {
        const a = await appointments.followed(c.em, viewer, id);
        doctorId = a.doctor.id;
        return a;
      },
      concerns: (s: LiveSignal) => (s.kind === 'appointment' && s.id === id) || (s.kind === 'doctor' && s.id === doctorId),
      // Seen at subscribe time, it may be refused since (an app's hospital changed): then nothing is sent.
      read: (_s, c) => unlessHidden(appointments.followed(c.em, viewer, id)),
      keyOf: () => id,
    });
  }
  const doctorId = await appointments.listFollower(ctx.em, viewer);
  return live.follow<Appointment>(ctx, {
    current: async () => null,
    concerns: (s) => mayConcernList(viewer, s, doctorId),
    read: (s, c) => (s.kind === 'appointment' ? appointments.listed(c.em, viewer, s.id) : Promise.resolve(null)),
  });
}

@Resolver()
export class AppointmentLiveResolver {
  @Subscription(() => AppointmentEvent, {
    description: 'Live: one appointment (id) or every appointment of your list as it changes: booked, paid, confirmed, started by its doctor, '
      + 'finished, cancelled, refunded; with an id also its doctor going online or offline. SYNC comes first and whenever changes may have been missed',
    subscribe: ({ args, context }) => followAppointments(context as Context, (args as { id?: string | null }).id ?? null),
  })
  @Allow(Role.User, Role.Doctor, Role.Admin)
  @Scope(IntegratorScope.APPOINTMENTS_READ)
  @LimitedIn(LIVE_LIMIT)
  appointmentEvents(
    @Root() update: LiveUpdate<Appointment> | undefined,
    @Arg('id', () => ID, { nullable: true, description: 'Follow this appointment; leave out to follow your list' }) _id?: string | null,
  ): AppointmentEvent {
    if (!update) throw wrongTransport();
    return { type: update.type, appointment: update.record, at: update.at };
  }
}
