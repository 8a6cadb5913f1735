// The admins' services, categories and questions (docs/admin-services.md): fetchers, query options
// and hooks. A save sends the version it edited as If-Match; a 409 carries the object as it is now
// (ApiError.meta.current). Every save drops the lists and the object's history so they show it.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  QuestionAdminAttributes,
  QuestionAdminResource,
  QuestionCreateInput,
  QuestionPatchInput,
} from "../../../shared/contracts/question-admin.ts";
import type {
  ServiceAdminAttributes,
  ServiceAdminResource,
  ServiceCategoryCreateInput,
  ServiceCategoryPatchInput,
  ServiceCategoryResource,
  ServiceCreateInput,
  ServicePatchInput,
} from "../../../shared/contracts/service-admin.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type {
  QuestionAdminAttributes,
  QuestionAdminResource,
  ServiceAdminAttributes,
  ServiceAdminResource,
  ServiceCategoryResource,
};

export type ArchivedFilter = "true" | "false" | "all";

const root = [OFFICE_QUERY_ROOT, "services-admin"] as const;
export const servicesKey = (archived: ArchivedFilter) => [...root, "services", archived] as const;
export const serviceKey = (id: string) => [...root, "service", id] as const;
export const categoriesKey = [...root, "categories"] as const;
export const questionsKey = (archived: ArchivedFilter) => [...root, "questions", archived] as const;
export const questionKey = (id: string) => [...root, "question", id] as const;

const ifMatch = (version: number | undefined) =>
  version === undefined ? undefined : { headers: { "If-Match": `"${version}"` } };

export const servicesQueryOptions = (archived: ArchivedFilter) =>
  queryOptions({
    queryKey: servicesKey(archived),
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: ServiceAdminResource[] }>(paths.api.internal.services({ archived }), {
          signal,
        })
        .then((document) => document.data),
  });
export const useServicesAdmin = (archived: ArchivedFilter) =>
  useQuery(servicesQueryOptions(archived));

export const useServiceAdmin = (id: string | null) =>
  useQuery({
    queryKey: serviceKey(id ?? ""),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: ServiceAdminResource }>(paths.api.internal.service(id ?? ""), { signal })
        .then((document) => document.data),
  });

export const useServiceCategories = () =>
  useQuery({
    queryKey: categoriesKey,
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: ServiceCategoryResource[] }>(paths.api.internal.serviceCategories(), {
          signal,
        })
        .then((document) => document.data),
  });

export const useQuestionsAdmin = (archived: ArchivedFilter) =>
  useQuery({
    queryKey: questionsKey(archived),
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: QuestionAdminResource[] }>(paths.api.internal.questions({ archived }), {
          signal,
        })
        .then((document) => document.data),
  });

export const useQuestionAdmin = (id: string | null) =>
  useQuery({
    queryKey: questionKey(id ?? ""),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: QuestionAdminResource }>(paths.api.internal.question(id ?? ""), { signal })
        .then((document) => document.data),
  });

function useDropAll() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: root });
    void queryClient.invalidateQueries({ queryKey: [OFFICE_QUERY_ROOT, "audit-log"] });
  };
}

/** The attributes a page sends; the server checks them (translations' languages among them). */
type Attributes<T> = { [K in keyof T]?: unknown };

type ServiceSave =
  | {
      id: null;
      attributes: Attributes<ServiceCreateInput["data"]["attributes"]> & { name: string };
    }
  | {
      id: string;
      version: number;
      attributes: Attributes<ServicePatchInput["data"]["attributes"]>;
    };

export function useSaveService() {
  const drop = useDropAll();
  return useMutation({
    mutationFn: async (save: ServiceSave) => {
      const document =
        save.id === null
          ? await officeApi.post<{ data: ServiceAdminResource }>(paths.api.internal.services(), {
              data: { type: "services", attributes: save.attributes },
            })
          : await officeApi.patch<{ data: ServiceAdminResource }>(
              paths.api.internal.service(save.id),
              { data: { type: "services", attributes: save.attributes } },
              ifMatch(save.version),
            );
      return document.data;
    },
    onSettled: drop,
  });
}

export function useOrderServices() {
  const drop = useDropAll();
  return useMutation({
    mutationFn: (ids: string[]) =>
      officeApi.put<{ data: ServiceAdminResource[] }>(paths.api.internal.servicesOrder(), {
        data: ids.map((id) => ({ type: "services", id })),
      }),
    onSettled: drop,
  });
}

type CategorySave =
  | { id: null; attributes: Attributes<ServiceCategoryCreateInput["data"]["attributes"]> }
  | {
      id: string;
      version: number;
      attributes: Attributes<ServiceCategoryPatchInput["data"]["attributes"]>;
    };

export function useSaveCategory() {
  const drop = useDropAll();
  return useMutation({
    mutationFn: async (save: CategorySave) => {
      const body = { data: { type: "service-categories", attributes: save.attributes } };
      const document =
        save.id === null
          ? await officeApi.post<{ data: ServiceCategoryResource }>(
              paths.api.internal.serviceCategories(),
              body,
            )
          : await officeApi.patch<{ data: ServiceCategoryResource }>(
              paths.api.internal.serviceCategory(save.id),
              body,
              ifMatch(save.version),
            );
      return document.data;
    },
    onSettled: drop,
  });
}

type QuestionSave =
  | { id: null; attributes: Attributes<QuestionCreateInput["data"]["attributes"]> }
  | {
      id: string;
      version: number;
      attributes: Attributes<QuestionPatchInput["data"]["attributes"]>;
    };

export function useSaveQuestion() {
  const drop = useDropAll();
  return useMutation({
    mutationFn: async (save: QuestionSave) => {
      const body = { data: { type: "questions", attributes: save.attributes } };
      const document =
        save.id === null
          ? await officeApi.post<{ data: QuestionAdminResource }>(
              paths.api.internal.questions(),
              body,
            )
          : await officeApi.patch<{ data: QuestionAdminResource }>(
              paths.api.internal.question(save.id),
              body,
              ifMatch(save.version),
            );
      return document.data;
    },
    onSettled: drop,
  });
}
