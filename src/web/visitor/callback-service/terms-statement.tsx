// What joining agrees to (spec §5): the vendor's terms of service and privacy policy (links from
// its page settings) and, unless the vendor is white-label, the product's own.
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import { PRODUCT_NAME } from "../../ui/footer.tsx";
import styles from "./callback-form.module.css";

function linkTo(url: string | null | undefined) {
  return (chunks: ReactNode[]) =>
    url ? (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {chunks}
        <span className="visually-hidden">
          {" "}
          <FormattedMessage id="Common.opens_in_new_tab" />
        </span>
      </a>
    ) : (
      chunks
    );
}

export function TermsStatement({ id }: { id: string }) {
  const vendor = useCurrentVendor();
  const clientView = vendor.attributes?.client_view;
  return (
    <div id={id} className={styles.statement}>
      <p>
        <FormattedMessage
          id="Form.terms"
          values={{
            vendor: vendor.name,
            terms: linkTo(clientView?.terms_of_service_url),
            privacy: linkTo(clientView?.privacy_policy_url),
          }}
        />
      </p>
      {!vendor.privateLabel && (
        <p>
          <FormattedMessage
            id="Form.terms_provider"
            values={{
              product: PRODUCT_NAME,
              terms: linkTo(paths.productTerms()),
              privacy: linkTo(paths.productPrivacy()),
            }}
          />
        </p>
      )}
    </div>
  );
}
