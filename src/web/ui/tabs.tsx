// Tabs on React Aria: one tab list named for what it switches, arrow keys move between tabs (Home
// and End to the ends), and each panel is labelled by its tab. Panels stay mounted while hidden, so
// what a person typed in one tab is still there, and still sent, after they look at another.
import type { ReactNode } from "react";
import { Tabs as AriaTabs, Tab, TabList, TabPanel } from "react-aria-components";
import { useIntl } from "react-intl";
import styles from "./tabs.module.css";

export type TabItem = {
  id: string;
  /** the tab's own text */
  label: ReactNode;
  /** a quieter note after the label ("2 of 4 filled") */
  note?: ReactNode;
  /** marks the tab when its panel holds a refused field, in words read out with the label */
  hasErrors?: boolean;
  /** the language of the label, when it names a language in its own words */
  lang?: string;
  panel: ReactNode;
};

type Props = {
  /** the name of the tab list, read by screen readers */
  label: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
};

export function Tabs({ label, tabs, selected, onSelect }: Props) {
  const intl = useIntl();
  return (
    <AriaTabs
      className={styles.tabs}
      selectedKey={selected}
      onSelectionChange={(key) => onSelect(String(key))}
    >
      <TabList aria-label={label} className={styles.list}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={styles.tab}>
            <span lang={tab.lang}>{tab.label}</span>
            {tab.note && <span className={styles.note}>{tab.note}</span>}
            {tab.hasErrors && (
              <span className={styles.alert}>
                {intl.formatMessage({ id: "Office.ui.tabs.has_errors" })}
              </span>
            )}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={styles.panel} shouldForceMount>
          {tab.panel}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
