// Simplified Chinese: the product's default messages (see default-templates.ts for the format).
import type { DefaultTemplates } from "../default-templates.ts";

// SMS begin with the sender in 【】, as Chinese texts do.
export const zhCN: DefaultTemplates = {
  joined: {
    email: {
      subject: "您已在{location}排队",
      body: "{first_name}，您好！\n\n您已在{location}排队办理{service}。您的排队号：{ticket}。当前排位：{position}。预计等待时间：{wait}。\n\n{instructions}\n\n快轮到您时我们会通知您，轮到您时会再次通知您。\n\n[查看或更改排队信息]({manage_link})",
    },
    sms: {
      subject: null,
      body: "【{vendor}】您已在{location}排队，排队号{ticket}，排位{position}，预计等待约{wait}。轮到您时我们会短信通知您。查看或取消：{manage_link}",
    },
  },
  curbside_arrival_prompt: {
    sms: {
      subject: null,
      body: "【{vendor}】您到达{location}取货时，请回复HERE，我们会将商品送到您的车旁。",
    },
  },
  almost_turn: {
    email: {
      subject: "{location}即将轮到您",
      body: "{first_name}，您好！\n\n{location}即将轮到您：您前面还有 {ahead} 位，约需等待{wait}。请做好准备。\n\n[查看排队信息]({manage_link})",
    },
    sms: {
      subject: null,
      body: "【{vendor}】{location}即将轮到您（前面还有{ahead}位，约{wait}），请做好准备。{manage_link}",
    },
  },
  called_in_person: {
    email: {
      subject: "{location}已轮到您",
      body: "{first_name}，您好！\n\n已轮到您，请前往{desk}，{staff_name}正在等候您。您的排队号：{ticket}。",
    },
    sms: {
      subject: null,
      body: "【{vendor}】{ticket}号，已轮到您！请前往{location}的{desk}。",
    },
  },
  called_phone: {
    email: {
      subject: "我们正在给您打电话",
      body: "{first_name}，您好！\n\n已轮到您：{location}的{staff_name}正在拨打您的电话 {phone}。",
    },
    sms: {
      subject: null,
      body: "【{vendor}】已轮到您，{location}的{staff_name}正在给您打电话。",
    },
  },
  called_video: {
    email: {
      subject: "您的视频通话已准备就绪",
      body: "{first_name}，您好！\n\n已轮到您：{location}的{staff_name}正在视频通话中等候您。\n\n[加入通话]({meeting_link})\n\n也可以电话接入：{dial_in}，PIN 码 {dial_in_pin}。",
    },
    sms: {
      subject: null,
      body: "【{vendor}】已轮到您。加入视频通话：{meeting_link}\n电话接入：{dial_in} PIN码 {dial_in_pin}",
    },
  },
  called_curbside: {
    email: {
      subject: "我们正在为您送出商品",
      body: "{first_name}，您好！\n\n已轮到您：我们正在将您的商品送到您在{location}的车旁。",
    },
    sms: {
      subject: null,
      body: "【{vendor}】已轮到您，我们正在为您送出商品。",
    },
  },
  returned: {
    email: {
      subject: "您已重新回到{location}的队列",
      body: "{first_name}，您好！\n\n我们已将您重新加入{location}的队列。再次轮到您时，我们会通知您。\n\n[查看排队信息]({manage_link})",
    },
    sms: {
      subject: null,
      body: "【{vendor}】您已重新回到{location}的队列，轮到您时我们会短信通知您。{manage_link}",
    },
  },
  cancelled: {
    email: {
      subject: "您在{location}的排队已取消",
      body: "{first_name}，您好！\n\n您在{location}的排队已取消。欢迎您随时重新排队。\n\n[重新排队]({book_link})",
    },
    sms: {
      subject: null,
      body: "【{vendor}】您在{location}的排队已取消。重新排队：{book_link}",
    },
  },
  no_show: {
    email: {
      subject: "我们在{location}未能联系到您",
      body: "{first_name}，您好！\n\n我们在{location}叫号时未能联系到您，因此您的排队位置已释放。欢迎您重新排队。\n\n[重新排队]({book_link})",
    },
    sms: {
      subject: null,
      body: "【{vendor}】叫号时未能联系到您，您在{location}的排队位置已释放。重新排队：{book_link}",
    },
  },
  completed: {
    email: {
      subject: "感谢您光临{location}",
      body: "{first_name}，您好！\n\n感谢您光临{location}。诚邀您分享本次体验。\n\n[分享您的体验]({feedback_link})",
    },
    sms: {
      subject: null,
      body: "【{vendor}】感谢您光临{location}，本次体验如何？{feedback_link}",
    },
  },
  cancel_confirmed: {
    sms: {
      subject: null,
      body: "【{vendor}】已按您的要求取消您在{location}的排队。重新排队：{book_link}",
    },
  },
  arrival_confirmed: {
    sms: {
      subject: null,
      body: "【{vendor}】谢谢，已确认您到达。轮到您时我们会立即为您送出。",
    },
  },
  reply_help: {
    sms: {
      subject: null,
      body: "【{vendor}】回复CANCEL取消排队，到达后回复HERE，回复STOP不再接收短信。",
    },
  },
  stop_confirmed: {
    sms: {
      subject: null,
      body: "【{vendor}】您将不再收到我们的短信。回复START可重新接收。",
    },
  },
  start_confirmed: {
    sms: {
      subject: null,
      body: "【{vendor}】您将重新收到我们的短信。回复STOP退订，回复HELP获取帮助。",
    },
  },
  appointment_booked: {
    email: {
      subject: "您在{location}的预约：{date} {time}",
      body: "{first_name}，您好！\n\n您的预约已确认：{date} {time}，{location}，{service}。\n\n方式：{meeting_method}\n\n地点：{location_address}\n\n服务人员：{staff_name}\n\n您的确认码：{code}。预约已作为日历文件附上。\n\n[查看、改期或取消预约]({manage_link})",
    },
    sms: {
      subject: null,
      body: "【{vendor}】您已预约{date} {time}在{location}办理{service}。确认码{code}。查看或更改：{manage_link}",
    },
  },
  appointment_rescheduled: {
    email: {
      subject: "您在{location}的预约已改至{date} {time}",
      body: "{first_name}，您好！\n\n您在{location}的{service}预约已改期。新的时间：{date} {time}。\n\n方式：{meeting_method}\n\n地点：{location_address}\n\n服务人员：{staff_name}\n\n您的确认码：{code}。随附更新后的日历文件，它将替换之前的文件。\n\n[查看、改期或取消预约]({manage_link})",
    },
    sms: {
      subject: null,
      body: "【{vendor}】您在{location}的预约已改至{date} {time}。查看或更改：{manage_link}",
    },
  },
  appointment_cancelled: {
    email: {
      subject: "您在{location}的{date}预约已取消",
      body: "{first_name}，您好！\n\n您在{location}于{date} {time}的{service}预约已取消。\n\n打开随附的日历文件即可从日历中删除该预约。\n\n[重新预约]({book_link})",
    },
    sms: {
      subject: null,
      body: "【{vendor}】您在{location}于{date} {time}的预约已取消。重新预约：{book_link}",
    },
  },
  appointment_reminder: {
    email: {
      subject: "提醒：您在{location}的预约，{date} {time}",
      body: "{first_name}，您好：\n\n提醒您的预约：{date} {time}，{location}，{service}。\n\n方式：{meeting_method}\n\n地点：{location_address}\n\n接待人员：{staff_name}\n\n您的确认号：{code}。\n\n[查看、改期或取消预约]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}：提醒您 {date} {time} 在{location}的{service}预约。查看或更改：{manage_link}",
    },
  },
  password_reset: {
    email: {
      subject: "重置您的{vendor}密码",
      body: "{first_name}，您好！\n\n我们收到了重置您{vendor}账户密码的请求。如果是您本人操作，请在 {expires_minutes} 分钟内设置新密码。\n\n[设置新密码]({reset_link})\n\n如果不是您本人操作，请忽略此邮件，您的密码将保持不变。",
    },
  },
  invitation: {
    email: {
      subject: "邀请您加入{vendor}",
      body: "{first_name}，您好！\n\n{invited_by}邀请您使用{vendor}管理后台。请在 {expires_days} 天内设置密码以开始使用。\n\n[设置密码]({invite_link})",
    },
  },
  sign_in_failures: {
    email: {
      subject: "{vendor}账户登录失败提醒",
      body: "{first_name}，您好！\n\n您的{vendor}账户有 {failures} 次登录失败。如果不是您本人操作，请立即设置新密码。\n\n[设置新密码]({reset_link})",
    },
  },
  long_wait_alert: {
    email: {
      subject: "{visitor_name}已在{location}等候{waited_minutes}分钟",
      body: "{first_name}，您好！\n\n{visitor_name}已在{location}等候{waited_minutes}分钟。\n\n[打开大厅]({lobby_link})",
    },
  },
};
