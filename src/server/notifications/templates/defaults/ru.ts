// Russian: the product's default messages (see default-templates.ts for the format).
import type { DefaultTemplates } from "../default-templates.ts";

// Numbers stand after a colon or before "мин." so no noun has to agree with them, and names of
// places follow "отделение" so they need no case ending.
export const ru: DefaultTemplates = {
  joined: {
    email: {
      subject: "Вы в очереди: {location}",
      body: "Здравствуйте, {first_name}!\n\nВы записаны в очередь на услугу «{service}» в отделении {location}. Ваш талон: {ticket}. Ваше место в очереди: {position}. Примерное время ожидания: {wait}.\n\n{instructions}\n\nМы сообщим вам, когда ваша очередь будет подходить, и ещё раз — когда она подойдёт.\n\n[Посмотреть или изменить место в очереди]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: вы в очереди в отделении {location}, талон {ticket}, место {position}, ожидание примерно {wait}. Пришлём SMS, когда подойдёт очередь. Детали и отмена: {manage_link}",
    },
  },
  curbside_arrival_prompt: {
    sms: {
      subject: null,
      body: "{vendor}: когда приедете за заказом в отделение {location}, ответьте HERE, и мы вынесем заказ к машине.",
    },
  },
  almost_turn: {
    email: {
      subject: "Скоро ваша очередь: {location}",
      body: "Здравствуйте, {first_name}!\n\nСкоро подойдёт ваша очередь в отделении {location}. Перед вами: {ahead}, ожидание примерно {wait}. Пожалуйста, будьте готовы.\n\n[Посмотреть место в очереди]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: скоро ваша очередь в отделении {location} (перед вами: {ahead}, примерно {wait}). Пожалуйста, будьте готовы. {manage_link}",
    },
  },
  called_in_person: {
    email: {
      subject: "Подошла ваша очередь: {location}",
      body: "Здравствуйте, {first_name}!\n\nПодошла ваша очередь. Пожалуйста, пройдите к месту обслуживания: {desk}. Вас ожидает {staff_name}. Ваш талон: {ticket}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: подошла ваша очередь (талон {ticket})! Пожалуйста, пройдите к месту обслуживания: {desk}, отделение {location}.",
    },
  },
  called_phone: {
    email: {
      subject: "Мы звоним вам",
      body: "Здравствуйте, {first_name}!\n\nПодошла ваша очередь: {staff_name} из отделения {location} звонит вам по номеру {phone}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: подошла ваша очередь. {staff_name} из отделения {location} звонит вам прямо сейчас.",
    },
  },
  called_video: {
    email: {
      subject: "Ваш видеозвонок готов",
      body: "Здравствуйте, {first_name}!\n\nПодошла ваша очередь: {staff_name} из отделения {location} ждёт вас на видеозвонке.\n\n[Присоединиться к звонку]({meeting_link})\n\nИли подключитесь по телефону: {dial_in}, PIN-код {dial_in_pin}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: подошла ваша очередь. Видеозвонок: {meeting_link}\nТелефон: {dial_in}, PIN {dial_in_pin}",
    },
  },
  called_curbside: {
    email: {
      subject: "Мы выносим ваш заказ",
      body: "Здравствуйте, {first_name}!\n\nПодошла ваша очередь: мы уже выносим ваш заказ к машине у отделения {location}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: подошла ваша очередь. Мы уже выносим ваш заказ.",
    },
  },
  returned: {
    email: {
      subject: "Вы снова в очереди: {location}",
      body: "Здравствуйте, {first_name}!\n\nМы вернули вас в очередь в отделении {location}. Мы сообщим вам, когда ваша очередь снова подойдёт.\n\n[Посмотреть место в очереди]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: вы снова в очереди в отделении {location}. Пришлём SMS, когда подойдёт ваша очередь. {manage_link}",
    },
  },
  cancelled: {
    email: {
      subject: "Ваше место в очереди отменено: {location}",
      body: "Здравствуйте, {first_name}!\n\nВаше место в очереди в отделении {location} отменено. Вы можете снова встать в очередь в любое удобное время.\n\n[Встать в очередь снова]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: место в очереди в отделении {location} отменено. Встать в очередь снова: {book_link}",
    },
  },
  no_show: {
    email: {
      subject: "Ваше место в очереди освобождено: {location}",
      body: "Здравствуйте, {first_name}!\n\nМы вызвали вас в отделении {location}, но не смогли с вами связаться, поэтому ваше место в очереди освобождено. Вы можете снова встать в очередь.\n\n[Встать в очередь снова]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: мы вызвали вас, но не смогли с вами связаться, поэтому ваше место в отделении {location} освобождено. Встать в очередь снова: {book_link}",
    },
  },
  completed: {
    email: {
      subject: "Спасибо, что посетили отделение {location}",
      body: "Здравствуйте, {first_name}!\n\nСпасибо, что посетили отделение {location}. Нам будет очень приятно узнать ваше мнение.\n\n[Оставить отзыв]({feedback_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: спасибо, что посетили отделение {location}. Как всё прошло? {feedback_link}",
    },
  },
  cancel_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: по вашему запросу место в очереди в отделении {location} отменено. Встать в очередь снова: {book_link}",
    },
  },
  arrival_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: спасибо, мы знаем, что вы на месте. Вынесем заказ, как только подойдёт ваша очередь.",
    },
  },
  reply_help: {
    sms: {
      subject: null,
      body: "{vendor}: ответьте CANCEL, чтобы выйти из очереди, HERE — когда приедете, STOP — чтобы больше не получать SMS.",
    },
  },
  stop_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: вы больше не будете получать от нас SMS. Чтобы снова получать их, ответьте START.",
    },
  },
  start_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: вы снова будете получать наши SMS. Ответьте STOP, чтобы отключить их, или HELP для справки.",
    },
  },
  appointment_booked: {
    email: {
      subject: "Ваша запись в {location}: {date}, {time}",
      body: "Здравствуйте, {first_name}!\n\nВы записаны: {service} в отделении {location}, {date}, {time}.\n\nФормат: {meeting_method}\n\nАдрес: {location_address}\n\nСпециалист: {staff_name}\n\nКод подтверждения: {code}. Запись приложена как файл календаря.\n\n[Посмотреть, перенести или отменить запись]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: вы записаны ({service}, {location}) на {date}, {time}. Код {code}. Изменить: {manage_link}",
    },
  },
  appointment_rescheduled: {
    email: {
      subject: "Ваша запись в {location} перенесена на {date}, {time}",
      body: "Здравствуйте, {first_name}!\n\nВаша запись ({service}) в отделении {location} перенесена. Новое время: {date}, {time}.\n\nФормат: {meeting_method}\n\nАдрес: {location_address}\n\nСпециалист: {staff_name}\n\nКод подтверждения: {code}. Обновлённый файл календаря приложен и заменяет прежний.\n\n[Посмотреть, перенести или отменить запись]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: запись в {location} перенесена на {date}, {time}. Изменить: {manage_link}",
    },
  },
  appointment_cancelled: {
    email: {
      subject: "Ваша запись в {location} на {date} отменена",
      body: "Здравствуйте, {first_name}!\n\nВаша запись ({service}) в отделении {location} на {date}, {time} отменена.\n\nПриложенный файл календаря удалит её из вашего календаря.\n\n[Записаться снова]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: запись в {location} на {date}, {time} отменена. Записаться снова: {book_link}",
    },
  },
  appointment_reminder: {
    email: {
      subject: "Напоминание: ваша запись в {location}, {date}, {time}",
      body: "Здравствуйте, {first_name}!\n\nНапоминаем о вашей записи: {service}, {location}, {date}, {time}.\n\nФормат: {meeting_method}\n\nГде: {location_address}\n\nСпециалист: {staff_name}\n\nВаш код подтверждения: {code}.\n\n[Посмотреть, перенести или отменить запись]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: напоминаем о записи ({service}) в {location}, {date}, {time}. Посмотреть или изменить: {manage_link}",
    },
  },
  password_reset: {
    email: {
      subject: "Сброс пароля учётной записи {vendor}",
      body: "Здравствуйте, {first_name}!\n\nПоступил запрос на сброс пароля вашей учётной записи {vendor}. Если это были вы, задайте новый пароль в течение {expires_minutes} мин.\n\n[Задать новый пароль]({reset_link})\n\nЕсли запрос отправили не вы, просто проигнорируйте это письмо: ваш пароль останется прежним.",
    },
  },
  invitation: {
    email: {
      subject: "Приглашение в {vendor}",
      body: "Здравствуйте, {first_name}!\n\n{invited_by} приглашает вас в панель управления {vendor}. Чтобы начать работу, задайте пароль в течение {expires_days} дн..\n\n[Задать пароль]({invite_link})",
    },
  },
  sign_in_failures: {
    email: {
      subject: "Неудачные попытки входа в учётную запись {vendor}",
      body: "Здравствуйте, {first_name}!\n\nЧисло неудачных попыток входа в вашу учётную запись {vendor}: {failures}. Если это были не вы, задайте новый пароль прямо сейчас.\n\n[Задать новый пароль]({reset_link})",
    },
  },
  long_wait_alert: {
    email: {
      subject: "{visitor_name} ждёт уже {waited_minutes} мин. в отделении {location}",
      body: "Здравствуйте, {first_name}!\n\n{visitor_name} ожидает уже {waited_minutes} мин. в отделении {location}.\n\n[Открыть зал ожидания]({lobby_link})",
    },
  },
};
