// Spanish: the product's default messages (see default-templates.ts for the format).
import type { DefaultTemplates } from "../default-templates.ts";

export const es: DefaultTemplates = {
  joined: {
    email: {
      subject: "Ya está en la fila de {location}",
      body: "Hola, {first_name}:\n\nYa está en la fila para {service} en {location}. Su número: {ticket}. Su lugar: {position}. Tiempo de espera estimado: {wait}.\n\n{instructions}\n\nLe avisaremos cuando se acerque su turno y de nuevo cuando sea su turno.\n\n[Ver o modificar su lugar]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: número {ticket}, tiene el lugar {position} en la fila de {location}, espera aprox. {wait}. Le enviaremos un SMS cuando sea su turno. Ver o cancelar: {manage_link}",
    },
  },
  curbside_arrival_prompt: {
    sms: {
      subject: null,
      body: "{vendor}: cuando llegue a {location} a recoger su pedido, responda HERE y se lo llevaremos al coche.",
    },
  },
  almost_turn: {
    email: {
      subject: "Su turno en {location} se acerca",
      body: "Hola, {first_name}:\n\nSu turno en {location} se acerca. Personas delante de usted: {ahead}; tiempo aproximado: {wait}. Por favor, prepárese.\n\n[Ver su lugar]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: su turno en {location} se acerca ({ahead} por delante, aprox. {wait}). Le rogamos que se prepare. {manage_link}",
    },
  },
  called_in_person: {
    email: {
      subject: "Es su turno en {location}",
      body: "Hola, {first_name}:\n\nEs su turno. Por favor, acérquese a {desk}, donde le espera {staff_name}. Su número: {ticket}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: ¡es su turno! Número {ticket}: por favor, acérquese a {desk} en {location}.",
    },
  },
  called_phone: {
    email: {
      subject: "Le estamos llamando",
      body: "Hola, {first_name}:\n\nEs su turno: {staff_name}, de {location}, le está llamando ahora al {phone}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: es su turno. {staff_name}, de {location}, le llama en este momento.",
    },
  },
  called_video: {
    email: {
      subject: "Su videollamada está lista",
      body: "Hola, {first_name}:\n\nEs su turno: {staff_name}, de {location}, le espera en la videollamada.\n\n[Unirse a la llamada]({meeting_link})\n\nTambién puede unirse por teléfono: {dial_in}, PIN {dial_in_pin}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: es su turno. Acceda a su videollamada: {meeting_link}\nPor teléfono: {dial_in} PIN {dial_in_pin}",
    },
  },
  called_curbside: {
    email: {
      subject: "Le llevamos su pedido",
      body: "Hola, {first_name}:\n\nEs su turno: ahora mismo le llevamos su pedido en {location}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: es su turno. Le llevamos su pedido ahora mismo.",
    },
  },
  returned: {
    email: {
      subject: "Ha vuelto a la fila de {location}",
      body: "Hola, {first_name}:\n\nLe hemos vuelto a poner en la fila de {location}. Le avisaremos cuando vuelva a ser su turno.\n\n[Ver su lugar]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: ha vuelto a la fila de {location}. Le enviaremos un SMS cuando sea su turno. {manage_link}",
    },
  },
  cancelled: {
    email: {
      subject: "Se ha cancelado su lugar en {location}",
      body: "Hola, {first_name}:\n\nSe ha cancelado su lugar en la fila de {location}. Puede volver a unirse cuando le convenga.\n\n[Volver a unirse]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: se ha cancelado su lugar en {location}. Para volver a unirse: {book_link}",
    },
  },
  no_show: {
    email: {
      subject: "No pudimos atenderle en {location}",
      body: "Hola, {first_name}:\n\nLe llamamos en {location}, pero no conseguimos localizarle, por lo que su lugar ha quedado libre. Puede volver a unirse cuando quiera.\n\n[Volver a unirse]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: le llamamos, pero no conseguimos localizarle y su lugar en {location} ha quedado libre. Volver a unirse: {book_link}",
    },
  },
  completed: {
    email: {
      subject: "Gracias por su visita a {location}",
      body: "Hola, {first_name}:\n\nGracias por visitar {location}. Nos encantaría saber qué tal le fue.\n\n[Cuéntenos qué tal le fue]({feedback_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: gracias por visitar {location}. ¿Qué tal le fue? {feedback_link}",
    },
  },
  cancel_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: hemos cancelado su lugar en {location}. Para volver a unirse: {book_link}",
    },
  },
  arrival_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: gracias, ya sabemos que ha llegado. Se lo llevaremos en cuanto sea su turno.",
    },
  },
  reply_help: {
    sms: {
      subject: null,
      body: "{vendor}: responda CANCEL para salir de la fila, HERE cuando llegue o STOP para dejar de recibir SMS.",
    },
  },
  stop_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: ya no le enviaremos SMS. Responda START para volver a recibirlos.",
    },
  },
  start_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: vuelve a recibir nuestros SMS. Responda STOP para dejar de recibirlos o HELP si necesita ayuda.",
    },
  },
  appointment_booked: {
    email: {
      subject: "Su cita en {location}: {date}, {time}",
      body: "Hola, {first_name}:\n\nSu cita está reservada: {service} en {location} el {date} a las {time}.\n\nModalidad: {meeting_method}\n\nLugar: {location_address}\n\nCon: {staff_name}\n\nSu código de confirmación: {code}. La cita va adjunta como archivo de calendario.\n\n[Ver, cambiar o cancelar su cita]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: su cita de {service} en {location} está reservada para el {date}, {time}. Código {code}. Ver o cambiar: {manage_link}",
    },
  },
  appointment_rescheduled: {
    email: {
      subject: "Su cita en {location} se ha cambiado al {date}, {time}",
      body: "Hola, {first_name}:\n\nSu cita de {service} en {location} se ha cambiado. Ahora es el {date} a las {time}.\n\nModalidad: {meeting_method}\n\nLugar: {location_address}\n\nCon: {staff_name}\n\nSu código de confirmación: {code}. Adjuntamos el archivo de calendario actualizado, que sustituye al anterior.\n\n[Ver, cambiar o cancelar su cita]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: su cita en {location} se ha cambiado al {date}, {time}. Ver o cambiar: {manage_link}",
    },
  },
  appointment_cancelled: {
    email: {
      subject: "Se ha cancelado su cita en {location} del {date}",
      body: "Hola, {first_name}:\n\nSe ha cancelado su cita de {service} en {location} del {date} a las {time}.\n\nEl archivo de calendario adjunto la elimina de su calendario.\n\n[Reservar de nuevo]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: se ha cancelado su cita en {location} del {date}, {time}. Para reservar de nuevo: {book_link}",
    },
  },
  appointment_reminder: {
    email: {
      subject: "Recordatorio: su cita en {location}, {date}, {time}",
      body: "Hola, {first_name}:\n\nLe recordamos su cita: {service} en {location} el {date} a las {time}.\n\nModalidad: {meeting_method}\n\nDónde: {location_address}\n\nCon: {staff_name}\n\nSu código de confirmación: {code}.\n\n[Ver, cambiar o cancelar su cita]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: le recordamos su cita de {service} en {location} el {date}, {time}. Ver o cambiar: {manage_link}",
    },
  },
  password_reset: {
    email: {
      subject: "Restablezca su contraseña de {vendor}",
      body: "Hola, {first_name}:\n\nSe ha solicitado restablecer la contraseña de su cuenta de {vendor}. Si fue usted, elija una contraseña nueva en los próximos {expires_minutes} minutos.\n\n[Elegir una contraseña nueva]({reset_link})\n\nSi no fue usted, ignore este correo: su contraseña no cambiará.",
    },
  },
  invitation: {
    email: {
      subject: "Invitación al panel de gestión de {vendor}",
      body: "Hola, {first_name}:\n\n{invited_by} le ha invitado al panel de gestión de {vendor}. Para empezar, elija una contraseña en los próximos {expires_days} días.\n\n[Elegir su contraseña]({invite_link})",
    },
  },
  sign_in_failures: {
    email: {
      subject: "Intentos fallidos de acceso a su cuenta de {vendor}",
      body: "Hola, {first_name}:\n\nSe han producido {failures} intentos fallidos de inicio de sesión en su cuenta de {vendor}. Si no los realizó usted, elija una contraseña nueva ahora.\n\n[Elegir una contraseña nueva]({reset_link})",
    },
  },
  long_wait_alert: {
    email: {
      subject: "{visitor_name} lleva {waited_minutes} minutos esperando en {location}",
      body: "Hola, {first_name}:\n\n{visitor_name} lleva {waited_minutes} minutos esperando en {location}.\n\n[Abrir la sala de espera]({lobby_link})",
    },
  },
};
