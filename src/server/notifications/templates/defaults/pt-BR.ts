// Brazilian Portuguese: the product's default messages (see default-templates.ts for the format).
import type { DefaultTemplates } from "../default-templates.ts";

export const ptBR: DefaultTemplates = {
  joined: {
    email: {
      subject: "Você está na fila de {location}",
      body: "Olá, {first_name},\n\nVocê está na fila para {service} em {location}. Sua senha: {ticket}. Sua posição: {position}. Espera estimada: {wait}.\n\n{instructions}\n\nAvisaremos quando a sua vez estiver próxima e novamente quando chegar a sua vez.\n\n[Ver ou alterar seu lugar]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: senha {ticket}, seu lugar na fila de {location} é o {position}, espera de cerca de {wait}. Enviaremos um SMS quando for a sua vez. Ver ou cancelar: {manage_link}",
    },
  },
  curbside_arrival_prompt: {
    sms: {
      subject: null,
      body: "{vendor}: quando chegar a {location} para retirar seu pedido, responda HERE e levaremos o pedido até o seu carro.",
    },
  },
  almost_turn: {
    email: {
      subject: "Sua vez está chegando em {location}",
      body: "Olá, {first_name},\n\nSua vez em {location} está chegando. Pessoas à sua frente: {ahead}; espera de cerca de {wait}. Por favor, prepare-se.\n\n[Ver seu lugar]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: falta pouco para a sua vez em {location} ({ahead} na frente, cerca de {wait}). Por favor, prepare-se. {manage_link}",
    },
  },
  called_in_person: {
    email: {
      subject: "Chegou a sua vez em {location}",
      body: "Olá, {first_name},\n\nChegou a sua vez. Por favor, dirija-se a {desk}, onde {staff_name} aguarda você. Sua senha: {ticket}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: chegou a sua vez! Senha {ticket}: por favor, dirija-se a {desk} em {location}.",
    },
  },
  called_phone: {
    email: {
      subject: "Estamos ligando para você agora",
      body: "Olá, {first_name},\n\nChegou a sua vez: {staff_name}, de {location}, está ligando agora para o número {phone}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: chegou a sua vez. {staff_name}, de {location}, está ligando para você agora.",
    },
  },
  called_video: {
    email: {
      subject: "Sua videochamada está pronta",
      body: "Olá, {first_name},\n\nChegou a sua vez: {staff_name}, de {location}, está aguardando você na videochamada.\n\n[Entrar na chamada]({meeting_link})\n\nOu entre por telefone: {dial_in}, PIN {dial_in_pin}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: chegou a sua vez. Entre na videochamada: {meeting_link}\nPor telefone: {dial_in} PIN {dial_in_pin}",
    },
  },
  called_curbside: {
    email: {
      subject: "Estamos levando o seu pedido",
      body: "Olá, {first_name},\n\nChegou a sua vez: estamos levando o seu pedido até você em {location} agora.",
    },
    sms: {
      subject: null,
      body: "{vendor}: chegou a sua vez. Estamos levando o seu pedido agora.",
    },
  },
  returned: {
    email: {
      subject: "Você voltou para a fila de {location}",
      body: "Olá, {first_name},\n\nColocamos você de volta na fila de {location}. Avisaremos quando for a sua vez novamente.\n\n[Ver seu lugar]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: seu lugar na fila de {location} foi restabelecido. Enviaremos um SMS quando for a sua vez. {manage_link}",
    },
  },
  cancelled: {
    email: {
      subject: "Seu lugar em {location} foi cancelado",
      body: "Olá, {first_name},\n\nSeu lugar na fila de {location} foi cancelado. Você pode entrar na fila novamente quando quiser.\n\n[Entrar na fila novamente]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: seu lugar em {location} foi cancelado. Para entrar na fila de novo: {book_link}",
    },
  },
  no_show: {
    email: {
      subject: "Não conseguimos atender você em {location}",
      body: "Olá, {first_name},\n\nChamamos você em {location}, mas não conseguimos falar com você; por isso, seu lugar foi liberado. Se quiser, pode entrar na fila novamente.\n\n[Entrar na fila novamente]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: chegou a sua vez, mas ninguém respondeu ao chamado, por isso seu lugar em {location} foi liberado. Entrar na fila de novo: {book_link}",
    },
  },
  completed: {
    email: {
      subject: "Obrigado pela visita a {location}",
      body: "Olá, {first_name},\n\nObrigado pela sua visita a {location}. Gostaríamos muito de saber como foi.\n\n[Contar como foi]({feedback_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: obrigado pela visita a {location}. Como foi? {feedback_link}",
    },
  },
  cancel_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: cancelamos seu lugar em {location}. Para entrar na fila de novo: {book_link}",
    },
  },
  arrival_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: obrigado, sua chegada foi registrada. Levaremos o seu pedido assim que for a sua vez.",
    },
  },
  reply_help: {
    sms: {
      subject: null,
      body: "{vendor}: responda CANCEL para sair da fila, HERE quando chegar ou STOP para deixar de receber SMS.",
    },
  },
  stop_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: os SMS foram desativados. Responda START para voltar a receber nossas mensagens.",
    },
  },
  start_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: os SMS foram reativados. Responda STOP para desativar ou HELP para obter ajuda.",
    },
  },
  appointment_booked: {
    email: {
      subject: "Seu agendamento em {location}: {date}, {time}",
      body: "Olá, {first_name},\n\nSeu horário está agendado: {service} em {location} em {date} às {time}.\n\nFormato: {meeting_method}\n\nLocal: {location_address}\n\nCom: {staff_name}\n\nSeu código de confirmação: {code}. O agendamento está anexado como arquivo de calendário.\n\n[Ver, remarcar ou cancelar seu agendamento]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: seu horário de {service} em {location} está agendado para {date}, {time}. Código {code}. Ver ou alterar: {manage_link}",
    },
  },
  appointment_rescheduled: {
    email: {
      subject: "Seu agendamento em {location} foi remarcado para {date}, {time}",
      body: "Olá, {first_name},\n\nSeu agendamento de {service} em {location} foi remarcado. Agora é em {date} às {time}.\n\nFormato: {meeting_method}\n\nLocal: {location_address}\n\nCom: {staff_name}\n\nSeu código de confirmação: {code}. O arquivo de calendário atualizado está anexado e substitui o anterior.\n\n[Ver, remarcar ou cancelar seu agendamento]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: seu agendamento em {location} foi remarcado para {date}, {time}. Ver ou alterar: {manage_link}",
    },
  },
  appointment_cancelled: {
    email: {
      subject: "Seu agendamento em {location} de {date} foi cancelado",
      body: "Olá, {first_name},\n\nSeu agendamento de {service} em {location} em {date} às {time} foi cancelado.\n\nO arquivo de calendário anexado o remove da sua agenda.\n\n[Agendar novamente]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: seu agendamento em {location} de {date}, {time} foi cancelado. Para agendar de novo: {book_link}",
    },
  },
  appointment_reminder: {
    email: {
      subject: "Lembrete: seu atendimento em {location}, {date}, {time}",
      body: "Olá, {first_name},\n\nLembramos do seu atendimento: {service} em {location} em {date} às {time}.\n\nComo: {meeting_method}\n\nOnde: {location_address}\n\nCom: {staff_name}\n\nSeu código de confirmação: {code}.\n\n[Ver, remarcar ou cancelar seu atendimento]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: lembrete do seu atendimento de {service} em {location} em {date}, {time}. Ver ou alterar: {manage_link}",
    },
  },
  password_reset: {
    email: {
      subject: "{vendor}: redefinição de senha",
      body: "Olá, {first_name},\n\nRecebemos um pedido para redefinir a senha da sua conta em {vendor}. Se foi você, escolha uma nova senha em até {expires_minutes} minutos.\n\n[Escolher uma nova senha]({reset_link})\n\nSe não foi você, ignore este e-mail: sua senha continuará a mesma.",
    },
  },
  invitation: {
    email: {
      subject: "Convite para acessar {vendor}",
      body: "Olá, {first_name},\n\n{invited_by} convidou você para o painel de gestão de {vendor}. Para começar, escolha uma senha em até {expires_days} dias.\n\n[Escolher sua senha]({invite_link})",
    },
  },
  sign_in_failures: {
    email: {
      subject: "Tentativas de acesso sem sucesso à sua conta em {vendor}",
      body: "Olá, {first_name},\n\nHouve {failures} tentativas sem sucesso de entrar na sua conta em {vendor}. Se não foi você, escolha uma nova senha agora.\n\n[Escolher uma nova senha]({reset_link})",
    },
  },
  long_wait_alert: {
    email: {
      subject: "{visitor_name} está esperando há {waited_minutes} minutos em {location}",
      body: "Olá, {first_name},\n\n{visitor_name} está esperando há {waited_minutes} minutos em {location}.\n\n[Abrir a recepção]({lobby_link})",
    },
  },
};
