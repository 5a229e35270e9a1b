import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";
import { DocumentsPanel } from "../../components/documents/documents-panel.tsx";
import { useDocuments } from "../../components/documents/use-documents.ts";
import { YourDataSection } from "../../components/prefs/your-data-section.tsx";

export const meta = () => sectionMeta("documents");

export default function Documents() {
  const { empty: _empty, ...section } = sections.documents;
  const docs = useDocuments();
  return (
    <SectionPage {...section}>
      <DocumentsPanel docs={docs} />
      <YourDataSection documents={docs.documents.state === "ready" ? docs.documents.value : null} />
    </SectionPage>
  );
}
