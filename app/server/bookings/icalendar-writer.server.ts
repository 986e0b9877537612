import ICAL from "ical.js";
import { brand } from "~/content/brand";

/**
 * The one place iCalendar text is written (invitations and the staff feed alike), on ical.js: it
 * escapes backslashes, semicolons, commas and line breaks in text, quotes parameters and folds lines
 * at 75 octets. What it does not do is keep control characters out, so every value passes `plainText`
 * first: a bare CR or a Unicode line separator typed in a name would otherwise start a line of its own
 * in some readers.
 */

/** Line breaks of every kind, and the other control characters, that may not stand in a content line. */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029\v\f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/** A text value with no control characters: line breaks become `\n` when `multiline`, a space otherwise. */
export function plainText(value: string, { multiline = false } = {}) {
  return value
    .replace(LINE_BREAKS, multiline ? "\n" : " ")
    .replace(CONTROL, "")
    .replace(/\t/g, " ");
}

export type CalendarPerson = { name: string; email: string };

export type CalendarEvent = {
  uid: string;
  sequence: number;
  stampedAt: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  description: string;
  location: string;
  cancelled: boolean;
  organizer?: CalendarPerson;
  attendee?: CalendarPerson;
};

// ical.js folds after this many octets and then adds the continuation's space: 74 keeps every line,
// the space included, within the 75 octets readers may hold to.
ICAL.foldLength = 74;

const utc = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);

function person(kind: "organizer" | "attendee", { name, email }: CalendarPerson) {
  const property = new ICAL.Property(kind);
  property.setParameter("cn", plainText(name));
  if (kind === "attendee") {
    property.setParameter("role", "REQ-PARTICIPANT");
    property.setParameter("partstat", "NEEDS-ACTION");
    property.setParameter("rsvp", "TRUE");
  }
  property.setValue(`mailto:${plainText(email).replace(/\s/g, "")}`);
  return property;
}

function eventComponent(event: CalendarEvent) {
  const component = new ICAL.Component("vevent");
  component.addPropertyWithValue("uid", plainText(event.uid));
  component.addPropertyWithValue("sequence", event.sequence);
  component.addPropertyWithValue("dtstamp", utc(event.stampedAt));
  component.addPropertyWithValue("dtstart", utc(event.startsAt));
  component.addPropertyWithValue("dtend", utc(event.endsAt));
  component.addPropertyWithValue("summary", plainText(event.summary));
  component.addPropertyWithValue("description", plainText(event.description, { multiline: true }));
  component.addPropertyWithValue("location", plainText(event.location));
  if (event.organizer) component.addProperty(person("organizer", event.organizer));
  if (event.attendee) component.addProperty(person("attendee", event.attendee));
  component.addPropertyWithValue("status", event.cancelled ? "CANCELLED" : "CONFIRMED");
  return component;
}

/**
 * A calendar of strategy calls: with `method` for an invitation (REQUEST) or its withdrawal (CANCEL),
 * with `name` and a refresh interval for a feed that calendar apps subscribe to.
 */
export function writeCalendar({
  method,
  name,
  events,
}: {
  method?: "REQUEST" | "CANCEL";
  name?: string;
  events: CalendarEvent[];
}) {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("prodid", `-//${brand.name}//Strategy calls//EN`);
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  if (method) calendar.addPropertyWithValue("method", method);
  if (name !== undefined) {
    // An unknown property's value is written as given, so it is escaped here as text is.
    calendar.addPropertyWithValue(
      "x-wr-calname",
      plainText(name).replace(/[\\;,]/g, (character) => `\\${character}`),
    );
    const refresh = new ICAL.Property("refresh-interval");
    refresh.resetType("duration");
    refresh.setValue(ICAL.Duration.fromString("PT15M"));
    calendar.addProperty(refresh);
    calendar.addPropertyWithValue("x-published-ttl", "PT15M");
  }
  for (const event of events) calendar.addSubcomponent(eventComponent(event));
  return `${calendar.toString()}\r\n`;
}
