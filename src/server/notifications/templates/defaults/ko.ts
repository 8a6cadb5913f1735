// Korean: the product's default messages (see default-templates.ts for the format).
import type { DefaultTemplates } from "../default-templates.ts";

// Particles after a variable are the ones that do not change with its last sound (에서, 의) or
// are written both ways, (으)로; SMS begin with the sender in brackets, as Korean texts do.
export const ko: DefaultTemplates = {
  joined: {
    email: {
      subject: "{location} 대기열에 등록되었습니다",
      body: "{first_name} 님, 안녕하세요.\n\n{location}의 {service} 대기열에 등록되었습니다. 번호표: {ticket}. 현재 순번: {position}. 예상 대기 시간: {wait}.\n\n{instructions}\n\n차례가 가까워지면 알려 드리고, 차례가 되면 다시 알려 드리겠습니다.\n\n[대기 순번 확인 및 변경]({manage_link})",
    },
    sms: {
      subject: null,
      body: "[{vendor}] {location} 대기열에 등록되었습니다. 번호표 {ticket}, 순번 {position}, 예상 대기 약 {wait}. 차례가 되면 문자로 알려 드리겠습니다. 확인/취소: {manage_link}",
    },
  },
  curbside_arrival_prompt: {
    sms: {
      subject: null,
      body: "[{vendor}] 차량 픽업을 위해 {location}에 도착하시면 HERE라고 답장해 주세요. 주문하신 상품을 차량으로 가져다드리겠습니다.",
    },
  },
  almost_turn: {
    email: {
      subject: "{location}에서 곧 고객님 차례입니다",
      body: "{first_name} 님, 안녕하세요.\n\n{location}에서 곧 고객님 차례입니다. 앞선 대기 인원: {ahead}명, 예상 대기 시간: 약 {wait}. 준비해 주시기 바랍니다.\n\n[대기 순번 확인]({manage_link})",
    },
    sms: {
      subject: null,
      body: "[{vendor}] {location}에서 곧 고객님 차례입니다(앞에 {ahead}명 대기, 약 {wait}). 준비해 주세요. {manage_link}",
    },
  },
  called_in_person: {
    email: {
      subject: "{location}에서 고객님 차례입니다",
      body: "{first_name} 님, 안녕하세요.\n\n고객님 차례입니다. {desk}(으)로 와 주시기 바랍니다. {staff_name} 담당자가 기다리고 있습니다. 번호표: {ticket}.",
    },
    sms: {
      subject: null,
      body: "[{vendor}] 번호표 {ticket} 고객님 차례입니다! {location} {desk}(으)로 와 주세요.",
    },
  },
  called_phone: {
    email: {
      subject: "지금 전화드리고 있습니다",
      body: "{first_name} 님, 안녕하세요.\n\n고객님 차례입니다. {location}의 {staff_name} 담당자가 지금 {phone}(으)로 전화드리고 있습니다.",
    },
    sms: {
      subject: null,
      body: "[{vendor}] 고객님 차례입니다. {location}의 {staff_name} 담당자가 지금 전화드리고 있습니다.",
    },
  },
  called_video: {
    email: {
      subject: "화상 통화가 준비되었습니다",
      body: "{first_name} 님, 안녕하세요.\n\n고객님 차례입니다. {location}의 {staff_name} 담당자가 화상 통화에서 기다리고 있습니다.\n\n[통화 참여하기]({meeting_link})\n\n전화로 참여하실 수도 있습니다: {dial_in}, PIN {dial_in_pin}.",
    },
    sms: {
      subject: null,
      body: "[{vendor}] 고객님 차례입니다. 화상 통화 참여: {meeting_link}\n전화 참여: {dial_in} PIN {dial_in_pin}",
    },
  },
  called_curbside: {
    email: {
      subject: "주문하신 상품을 가져다드리고 있습니다",
      body: "{first_name} 님, 안녕하세요.\n\n고객님 차례입니다. 지금 {location}에서 주문하신 상품을 차량으로 가져다드리고 있습니다.",
    },
    sms: {
      subject: null,
      body: "[{vendor}] 고객님 차례입니다. 지금 주문하신 상품을 가져다드리고 있습니다.",
    },
  },
  returned: {
    email: {
      subject: "{location} 대기열에 다시 등록되었습니다",
      body: "{first_name} 님, 안녕하세요.\n\n고객님을 {location} 대기열에 다시 등록해 드렸습니다. 다시 차례가 되면 알려 드리겠습니다.\n\n[대기 순번 확인]({manage_link})",
    },
    sms: {
      subject: null,
      body: "[{vendor}] {location} 대기열에 다시 등록되었습니다. 차례가 되면 문자로 알려 드리겠습니다. {manage_link}",
    },
  },
  cancelled: {
    email: {
      subject: "{location} 대기가 취소되었습니다",
      body: "{first_name} 님, 안녕하세요.\n\n{location} 대기열의 순번이 취소되었습니다. 언제든 편하실 때 다시 등록하실 수 있습니다.\n\n[다시 등록하기]({book_link})",
    },
    sms: {
      subject: null,
      body: "[{vendor}] {location} 대기가 취소되었습니다. 다시 등록: {book_link}",
    },
  },
  no_show: {
    email: {
      subject: "{location}에서 고객님을 뵙지 못했습니다",
      body: "{first_name} 님, 안녕하세요.\n\n{location}에서 고객님을 호출했으나 연락이 닿지 않아 대기 순번이 취소되었습니다. 언제든 다시 등록하실 수 있습니다.\n\n[다시 등록하기]({book_link})",
    },
    sms: {
      subject: null,
      body: "[{vendor}] 호출드렸으나 연락이 닿지 않아 {location} 대기 순번이 취소되었습니다. 다시 등록: {book_link}",
    },
  },
  completed: {
    email: {
      subject: "{location}에 방문해 주셔서 감사합니다",
      body: "{first_name} 님, 안녕하세요.\n\n{location}에 방문해 주셔서 감사합니다. 이용 경험에 대한 의견을 들려주시면 감사하겠습니다.\n\n[의견 남기기]({feedback_link})",
    },
    sms: {
      subject: null,
      body: "[{vendor}] {location}에 방문해 주셔서 감사합니다. 이용은 어떠셨나요? {feedback_link}",
    },
  },
  cancel_confirmed: {
    sms: {
      subject: null,
      body: "[{vendor}] 요청하신 대로 {location} 대기가 취소되었습니다. 다시 등록: {book_link}",
    },
  },
  arrival_confirmed: {
    sms: {
      subject: null,
      body: "[{vendor}] 감사합니다. 도착을 확인했습니다. 차례가 되면 바로 가져다드리겠습니다.",
    },
  },
  reply_help: {
    sms: {
      subject: null,
      body: "[{vendor}] 대기 취소는 CANCEL, 도착 시 HERE, 문자 수신 거부는 STOP으로 답장해 주세요.",
    },
  },
  stop_confirmed: {
    sms: {
      subject: null,
      body: "[{vendor}] 더 이상 문자를 보내 드리지 않습니다. 다시 받으시려면 START로 답장해 주세요.",
    },
  },
  start_confirmed: {
    sms: {
      subject: null,
      body: "[{vendor}] 문자 수신이 다시 시작되었습니다. 수신 거부는 STOP, 도움말은 HELP로 답장해 주세요.",
    },
  },
  appointment_booked: {
    email: {
      subject: "{location} 예약 확정: {date} {time}",
      body: "{first_name} 님, 안녕하세요.\n\n예약이 확정되었습니다: {location}, {service}, {date} {time}.\n\n방식: {meeting_method}\n\n장소: {location_address}\n\n담당: {staff_name}\n\n예약 확인 코드: {code}. 예약 일정은 캘린더 파일로 첨부되어 있습니다.\n\n[예약 확인, 변경 또는 취소]({manage_link})",
    },
    sms: {
      subject: null,
      body: "[{vendor}] {location} {service} 예약 확정: {date} {time}. 코드 {code}. 확인/변경: {manage_link}",
    },
  },
  appointment_rescheduled: {
    email: {
      subject: "{location} 예약이 {date} {time}(으)로 변경되었습니다",
      body: "{first_name} 님, 안녕하세요.\n\n{location}의 {service} 예약이 변경되었습니다. 새 일정은 {date} {time}입니다.\n\n방식: {meeting_method}\n\n장소: {location_address}\n\n담당: {staff_name}\n\n예약 확인 코드: {code}. 변경된 캘린더 파일을 첨부했으며, 이전 파일을 대체합니다.\n\n[예약 확인, 변경 또는 취소]({manage_link})",
    },
    sms: {
      subject: null,
      body: "[{vendor}] {location} 예약이 {date} {time}(으)로 변경되었습니다. 확인/변경: {manage_link}",
    },
  },
  appointment_cancelled: {
    email: {
      subject: "{date} {location} 예약이 취소되었습니다",
      body: "{first_name} 님, 안녕하세요.\n\n{date} {time} {location}의 {service} 예약이 취소되었습니다.\n\n첨부된 캘린더 파일을 열면 캘린더에서 일정이 삭제됩니다.\n\n[다시 예약하기]({book_link})",
    },
    sms: {
      subject: null,
      body: "[{vendor}] {date} {time} {location} 예약이 취소되었습니다. 다시 예약: {book_link}",
    },
  },
  appointment_reminder: {
    email: {
      subject: "알림: {location} 예약, {date} {time}",
      body: "{first_name}님, 안녕하세요.\n\n예약을 알려 드립니다: {date} {time}, {location}, {service}.\n\n상담 방식: {meeting_method}\n\n장소: {location_address}\n\n담당: {staff_name}\n\n확인 번호: {code}\n\n[예약 확인, 변경 또는 취소]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: {date} {time} {location} {service} 예약 알림입니다. 확인 또는 변경: {manage_link}",
    },
  },
  password_reset: {
    email: {
      subject: "{vendor} 비밀번호 재설정",
      body: "{first_name} 님, 안녕하세요.\n\n{vendor} 계정의 비밀번호 재설정 요청이 접수되었습니다. 본인이 요청하신 경우 {expires_minutes}분 이내에 새 비밀번호를 설정해 주세요.\n\n[새 비밀번호 설정]({reset_link})\n\n본인이 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 비밀번호는 변경되지 않습니다.",
    },
  },
  invitation: {
    email: {
      subject: "{vendor} 관리자 페이지 초대",
      body: "{first_name} 님, 안녕하세요.\n\n{invited_by} 님이 {vendor} 관리자 페이지에 초대하셨습니다. {expires_days}일 이내에 비밀번호를 설정하고 시작해 주세요.\n\n[비밀번호 설정]({invite_link})",
    },
  },
  sign_in_failures: {
    email: {
      subject: "{vendor} 계정 로그인 실패 알림",
      body: "{first_name} 님, 안녕하세요.\n\n{vendor} 계정에 로그인하려는 시도가 {failures}회 실패했습니다. 본인이 시도한 것이 아니라면 지금 바로 새 비밀번호를 설정해 주세요.\n\n[새 비밀번호 설정]({reset_link})",
    },
  },
  long_wait_alert: {
    email: {
      subject: "{visitor_name} 님이 {location}에서 {waited_minutes}분째 기다리고 있습니다",
      body: "{first_name} 님, 안녕하세요.\n\n{visitor_name} 님이 {location}에서 {waited_minutes}분째 기다리고 있습니다.\n\n[대기실 열기]({lobby_link})",
    },
  },
};
