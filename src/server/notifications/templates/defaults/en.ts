// English: the product's default messages (see default-templates.ts for the format).
import type { DefaultTemplates } from "../default-templates.ts";

export const en: DefaultTemplates = {
  joined: {
    email: {
      subject: "You're in line at {location}",
      body: "Hi {first_name},\n\nYou're in line for {service} at {location}. Your ticket: {ticket}. Your place in line: {position}. Estimated wait: {wait}.\n\n{instructions}\n\nWe will let you know when it is almost your turn, and again when it is your turn.\n\n[See or change your place]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: you're in line at {location}, ticket {ticket}, place {position}, about {wait}. We'll text you when it's your turn. See or cancel: {manage_link}",
    },
  },
  curbside_arrival_prompt: {
    sms: {
      subject: null,
      body: "{vendor}: when you arrive at {location} for curbside pickup, reply HERE and we will bring it out.",
    },
  },
  almost_turn: {
    email: {
      subject: "It's almost your turn at {location}",
      body: "Hi {first_name},\n\nIt's almost your turn at {location}: {ahead} ahead of you, about {wait}. Please be ready.\n\n[See your place]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: it's almost your turn at {location} ({ahead} ahead, about {wait}). Please be ready. {manage_link}",
    },
  },
  called_in_person: {
    email: {
      subject: "It's your turn at {location}",
      body: "Hi {first_name},\n\nIt's your turn. Please come to {desk}, where {staff_name} is waiting for you. Your ticket: {ticket}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: it's your turn! Ticket {ticket}: please come to {desk} at {location}.",
    },
  },
  called_phone: {
    email: {
      subject: "We are calling you now",
      body: "Hi {first_name},\n\nIt's your turn: {staff_name} from {location} is calling you now at {phone}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: it's your turn. {staff_name} from {location} is calling you now.",
    },
  },
  called_video: {
    email: {
      subject: "Your video call is ready",
      body: "Hi {first_name},\n\nIt's your turn: {staff_name} from {location} is waiting for you in the video call.\n\n[Join the call]({meeting_link})\n\nOr dial in: {dial_in}, PIN {dial_in_pin}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: it's your turn. Join your video call: {meeting_link}\nDial-in: {dial_in} PIN {dial_in_pin}",
    },
  },
  called_curbside: {
    email: {
      subject: "We're bringing your order out",
      body: "Hi {first_name},\n\nIt's your turn: we're bringing your order out to you at {location} now.",
    },
    sms: { subject: null, body: "{vendor}: it's your turn. We're bringing your order out now." },
  },
  returned: {
    email: {
      subject: "You're back in line at {location}",
      body: "Hi {first_name},\n\nWe have put you back in line at {location}. We will let you know when it is your turn again.\n\n[See your place]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: you're back in line at {location}. We'll text you when it's your turn. {manage_link}",
    },
  },
  cancelled: {
    email: {
      subject: "Your place at {location} was cancelled",
      body: "Hi {first_name},\n\nYour place in line at {location} was cancelled. You are welcome to join again whenever it suits you.\n\n[Join again]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: your place at {location} was cancelled. To join again: {book_link}",
    },
  },
  no_show: {
    email: {
      subject: "We missed you at {location}",
      body: "Hi {first_name},\n\nWe called you at {location} but could not reach you, so your place was released. You are welcome to join again.\n\n[Join again]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: we called you but missed you, so your place at {location} was released. Join again: {book_link}",
    },
  },
  completed: {
    email: {
      subject: "Thank you for visiting {location}",
      body: "Hi {first_name},\n\nThank you for your visit to {location}. We would love to hear how it went.\n\n[Tell us how it went]({feedback_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: thank you for visiting {location}. How did it go? {feedback_link}",
    },
  },
  cancel_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: your place at {location} is cancelled. To join again: {book_link}",
    },
  },
  arrival_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: thank you, we know you're here. We'll bring it out as soon as it's your turn.",
    },
  },
  reply_help: {
    sms: {
      subject: null,
      body: "{vendor}: reply CANCEL to leave the line, HERE when you arrive, STOP to receive no more texts.",
    },
  },
  stop_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: you will receive no more texts from us. Reply START to receive them again.",
    },
  },
  start_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: you will receive our texts again. Reply STOP to stop them, HELP for help.",
    },
  },
  appointment_booked: {
    email: {
      subject: "Your appointment at {location}: {date}, {time}",
      body: "Hi {first_name},\n\nYour appointment is booked: {service} at {location} on {date} at {time}.\n\nHow: {meeting_method}\n\nWhere: {location_address}\n\nWith: {staff_name}\n\nYour confirmation code: {code}. The appointment is attached as a calendar file.\n\n[See, move or cancel your appointment]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: your appointment for {service} at {location} is booked for {date}, {time}. Code {code}. See or change: {manage_link}",
    },
  },
  appointment_rescheduled: {
    email: {
      subject: "Your appointment at {location} was moved to {date}, {time}",
      body: "Hi {first_name},\n\nYour appointment for {service} at {location} was moved. It is now on {date} at {time}.\n\nHow: {meeting_method}\n\nWhere: {location_address}\n\nWith: {staff_name}\n\nYour confirmation code: {code}. The updated calendar file is attached and replaces the earlier one.\n\n[See, move or cancel your appointment]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: your appointment at {location} was moved to {date}, {time}. See or change: {manage_link}",
    },
  },
  appointment_cancelled: {
    email: {
      subject: "Your appointment at {location} on {date} was cancelled",
      body: "Hi {first_name},\n\nYour appointment for {service} at {location} on {date} at {time} was cancelled.\n\nThe attached calendar file removes it from your calendar.\n\n[Book again]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: your appointment at {location} on {date}, {time} was cancelled. To book again: {book_link}",
    },
  },
  appointment_reminder: {
    email: {
      subject: "Reminder: your appointment at {location}, {date}, {time}",
      body: "Hi {first_name},\n\nA reminder of your appointment: {service} at {location} on {date} at {time}.\n\nHow: {meeting_method}\n\nWhere: {location_address}\n\nWith: {staff_name}\n\nYour confirmation code: {code}.\n\n[See, move or cancel your appointment]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: reminder of your appointment for {service} at {location} on {date}, {time}. See or change: {manage_link}",
    },
  },
  password_reset: {
    email: {
      subject: "Reset your {vendor} password",
      body: "Hi {first_name},\n\nSomeone asked to reset the password of your {vendor} account. If it was you, choose a new password within {expires_minutes} minutes.\n\n[Choose a new password]({reset_link})\n\nIf it was not you, ignore this email: your password stays as it is.",
    },
  },
  invitation: {
    email: {
      subject: "You're invited to {vendor}",
      body: "Hi {first_name},\n\n{invited_by} has invited you to the {vendor} back office. Choose a password within {expires_days} days to start.\n\n[Choose your password]({invite_link})",
    },
  },
  sign_in_failures: {
    email: {
      subject: "Failed sign-ins to your {vendor} account",
      body: "Hi {first_name},\n\nThere were {failures} failed attempts to sign in to your {vendor} account. If they were not yours, choose a new password now.\n\n[Choose a new password]({reset_link})",
    },
  },
  long_wait_alert: {
    email: {
      subject: "{visitor_name} has waited {waited_minutes} minutes at {location}",
      body: "Hi {first_name},\n\n{visitor_name} has been waiting for {waited_minutes} minutes at {location}.\n\n[Open the lobby]({lobby_link})",
    },
  },
};
