// French: the product's default messages (see default-templates.ts for the format).
import type { DefaultTemplates } from "../default-templates.ts";

// SMS texts keep to the GSM alphabet (straight apostrophes, no ê or ç) so they cost fewer parts.
export const fr: DefaultTemplates = {
  joined: {
    email: {
      subject: "Vous êtes dans la file d’attente de {location}",
      body: "Bonjour {first_name},\n\nVous êtes dans la file d’attente pour {service} à {location}. Votre numéro : {ticket}. Votre place : {position}. Attente estimée : {wait}.\n\n{instructions}\n\nNous vous préviendrons lorsque votre tour approchera, puis lorsque ce sera votre tour.\n\n[Voir ou modifier votre place]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor} : numéro {ticket}, vous avez la place {position} dans la file à {location}, attente d'environ {wait}. Nous vous enverrons un SMS quand ce sera votre tour. Voir ou annuler : {manage_link}",
    },
  },
  curbside_arrival_prompt: {
    sms: {
      subject: null,
      body: "{vendor} : lorsque vous arriverez à {location} pour le retrait au véhicule, répondez HERE et nous vous apporterons votre commande.",
    },
  },
  almost_turn: {
    email: {
      subject: "Votre tour approche à {location}",
      body: "Bonjour {first_name},\n\nVotre tour approche à {location}. Personnes avant vous : {ahead}, soit environ {wait}. Merci de vous préparer.\n\n[Voir votre place]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor} : votre tour approche à {location} ({ahead} avant vous, environ {wait}). Merci de vous préparer. {manage_link}",
    },
  },
  called_in_person: {
    email: {
      subject: "C’est votre tour à {location}",
      body: "Bonjour {first_name},\n\nC’est votre tour. Veuillez vous présenter à {desk}, où {staff_name} vous attend. Votre numéro : {ticket}.",
    },
    sms: {
      subject: null,
      body: "{vendor} : c'est votre tour ! Numéro {ticket} : veuillez vous présenter à {desk} ({location}).",
    },
  },
  called_phone: {
    email: {
      subject: "Nous vous appelons maintenant",
      body: "Bonjour {first_name},\n\nC’est votre tour : {staff_name}, de {location}, vous appelle en ce moment au {phone}.",
    },
    sms: {
      subject: null,
      body: "{vendor} : c'est votre tour. {staff_name}, de {location}, vous appelle en ce moment.",
    },
  },
  called_video: {
    email: {
      subject: "Votre appel vidéo est prêt",
      body: "Bonjour {first_name},\n\nC’est votre tour : {staff_name}, de {location}, vous attend dans l’appel vidéo.\n\n[Rejoindre l’appel]({meeting_link})\n\nOu par téléphone : {dial_in}, code PIN {dial_in_pin}.",
    },
    sms: {
      subject: null,
      body: "{vendor} : c'est votre tour. Rejoignez votre appel vidéo : {meeting_link}\nPar téléphone : {dial_in} PIN {dial_in_pin}",
    },
  },
  called_curbside: {
    email: {
      subject: "Nous vous apportons votre commande",
      body: "Bonjour {first_name},\n\nC’est votre tour : nous vous apportons dès maintenant votre commande à {location}.",
    },
    sms: {
      subject: null,
      body: "{vendor} : c'est votre tour. Nous vous apportons votre commande dès maintenant.",
    },
  },
  returned: {
    email: {
      subject: "Vous êtes de nouveau dans la file à {location}",
      body: "Bonjour {first_name},\n\nVotre place dans la file d’attente de {location} a été rétablie. Nous vous préviendrons lorsque ce sera de nouveau votre tour.\n\n[Voir votre place]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor} : votre place dans la file à {location} est rétablie. Nous vous enverrons un SMS quand ce sera votre tour. {manage_link}",
    },
  },
  cancelled: {
    email: {
      subject: "Votre place à {location} a été annulée",
      body: "Bonjour {first_name},\n\nVotre place dans la file d’attente de {location} a été annulée. Vous pouvez rejoindre la file à nouveau quand vous le souhaitez.\n\n[Rejoindre la file]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor} : votre place à {location} a été annulée. Pour revenir dans la file : {book_link}",
    },
  },
  no_show: {
    email: {
      subject: "Votre tour à {location} est passé",
      body: "Bonjour {first_name},\n\nVotre tour est arrivé à {location}, mais nous n’avons pas pu vous joindre : votre place a donc été libérée. Vous pouvez rejoindre la file à nouveau.\n\n[Rejoindre la file]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor} : votre tour est arrivé mais nous n'avons pas pu vous joindre, votre place à {location} a donc été libérée. Revenir dans la file : {book_link}",
    },
  },
  completed: {
    email: {
      subject: "Merci de votre visite à {location}",
      body: "Bonjour {first_name},\n\nMerci de votre visite à {location}. Nous serions heureux de connaître votre avis.\n\n[Donner votre avis]({feedback_link})",
    },
    sms: {
      subject: null,
      body: "{vendor} : merci de votre visite à {location}. Comment cela s'est-il passé ? {feedback_link}",
    },
  },
  cancel_confirmed: {
    sms: {
      subject: null,
      body: "{vendor} : votre place à {location} est annulée. Pour revenir dans la file : {book_link}",
    },
  },
  arrival_confirmed: {
    sms: {
      subject: null,
      body: "{vendor} : merci, votre arrivée est bien notée. Nous vous apporterons votre commande dès que ce sera votre tour.",
    },
  },
  reply_help: {
    sms: {
      subject: null,
      body: "{vendor} : répondez CANCEL pour quitter la file, HERE à votre arrivée, STOP pour ne plus recevoir de SMS.",
    },
  },
  stop_confirmed: {
    sms: {
      subject: null,
      body: "{vendor} : vous ne recevrez plus de SMS de notre part. Répondez START pour les recevoir à nouveau.",
    },
  },
  start_confirmed: {
    sms: {
      subject: null,
      body: "{vendor} : vous recevrez à nouveau nos SMS. Répondez STOP pour ne plus les recevoir, HELP pour obtenir de l'aide.",
    },
  },
  appointment_booked: {
    email: {
      subject: "Votre rendez-vous à {location} : {date}, {time}",
      body: "Bonjour {first_name},\n\nVotre rendez-vous est réservé : {service} à {location} le {date} à {time}.\n\nModalité : {meeting_method}\n\nAdresse : {location_address}\n\nAvec : {staff_name}\n\nVotre code de confirmation : {code}. Le rendez-vous est joint sous forme de fichier de calendrier.\n\n[Voir, déplacer ou annuler votre rendez-vous]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor} : votre rendez-vous {service} à {location} est réservé le {date}, {time}. Code {code}. Voir ou modifier : {manage_link}",
    },
  },
  appointment_rescheduled: {
    email: {
      subject: "Votre rendez-vous à {location} a été déplacé au {date}, {time}",
      body: "Bonjour {first_name},\n\nVotre rendez-vous {service} à {location} a été déplacé. Il a désormais lieu le {date} à {time}.\n\nModalité : {meeting_method}\n\nAdresse : {location_address}\n\nAvec : {staff_name}\n\nVotre code de confirmation : {code}. Le fichier de calendrier mis à jour est joint et remplace le précédent.\n\n[Voir, déplacer ou annuler votre rendez-vous]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor} : votre rendez-vous à {location} a été déplacé au {date}, {time}. Voir ou modifier : {manage_link}",
    },
  },
  appointment_cancelled: {
    email: {
      subject: "Votre rendez-vous à {location} du {date} a été annulé",
      body: "Bonjour {first_name},\n\nVotre rendez-vous {service} à {location} du {date} à {time} a été annulé.\n\nLe fichier de calendrier joint le retire de votre agenda.\n\n[Reprendre rendez-vous]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor} : votre rendez-vous à {location} du {date}, {time} a été annulé. Pour reprendre rendez-vous : {book_link}",
    },
  },
  appointment_reminder: {
    email: {
      subject: "Rappel : votre rendez-vous à {location}, {date}, {time}",
      body: "Bonjour {first_name},\n\nNous vous rappelons votre rendez-vous : {service} à {location} le {date} à {time}.\n\nModalité : {meeting_method}\n\nOù : {location_address}\n\nAvec : {staff_name}\n\nVotre code de confirmation : {code}.\n\n[Voir, déplacer ou annuler votre rendez-vous]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor} : rappel de votre rendez-vous {service} à {location} le {date}, {time}. Voir ou modifier : {manage_link}",
    },
  },
  password_reset: {
    email: {
      subject: "Réinitialisez votre mot de passe {vendor}",
      body: "Bonjour {first_name},\n\nUne réinitialisation du mot de passe de votre compte {vendor} a été demandée. Si vous êtes à l’origine de cette demande, choisissez un nouveau mot de passe dans les {expires_minutes} minutes.\n\n[Choisir un nouveau mot de passe]({reset_link})\n\nSinon, ignorez cet e-mail : votre mot de passe reste inchangé.",
    },
  },
  invitation: {
    email: {
      subject: "Invitation à rejoindre {vendor}",
      body: "Bonjour {first_name},\n\n{invited_by} vous invite à rejoindre l’espace de gestion de {vendor}. Pour commencer, choisissez un mot de passe dans un délai de {expires_days} jours.\n\n[Choisir votre mot de passe]({invite_link})",
    },
  },
  sign_in_failures: {
    email: {
      subject: "Échecs de connexion à votre compte {vendor}",
      body: "Bonjour {first_name},\n\n{failures} tentatives de connexion à votre compte {vendor} ont échoué. Si vous n’en êtes pas à l’origine, choisissez dès maintenant un nouveau mot de passe.\n\n[Choisir un nouveau mot de passe]({reset_link})",
    },
  },
  long_wait_alert: {
    email: {
      subject: "{visitor_name} attend depuis {waited_minutes} minutes à {location}",
      body: "Bonjour {first_name},\n\n{visitor_name} attend depuis {waited_minutes} minutes à {location}.\n\n[Ouvrir l’accueil]({lobby_link})",
    },
  },
};
