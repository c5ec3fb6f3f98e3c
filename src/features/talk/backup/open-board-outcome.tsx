/** What opening or saving an Open Board file did, as the Backup panel says it. */
import { Plural, Trans } from "@lingui/react/macro";
import Typography from "@mui/material/Typography";
import { nativeNameOf } from "@/shared/languages";
import type { SpeechLanguage } from "@/shared/speech-options";
import type { LeftOut } from "@/features/talk/backup/open-board";
import { Alert } from "@/components/alert";

export type Opened = {
  language: SpeechLanguage;
  languageFromFile: boolean;
  phraseCount: number;
  pictureCount: number;
  leftOut: LeftOut;
};

export type Saved = { phraseCount: number; pictureCount: number; missingPictures: number };

/** What came in from a board file, and what was left out. */
export function OpenedSummary({
  language,
  languageFromFile,
  phraseCount,
  pictureCount,
  leftOut,
}: Opened) {
  const languageName = nativeNameOf(language);
  const anyLeftOut = leftOut.buttons + leftOut.links + leftOut.pictures + leftOut.sounds > 0;
  return (
    <Alert role="none" severity="success">
      <Typography>
        <Trans>Board opened for {languageName}.</Trans>{" "}
        <Plural value={phraseCount} one="# phrase" other="# phrases" />
        {", "}
        <Plural value={pictureCount} _0="no pictures." one="# picture." other="# pictures." />
      </Typography>
      {languageFromFile ? null : (
        <Typography>
          <Trans>
            The file does not say its language, or it is none of the six here: it became the board
            of the language you speak in.
          </Trans>
        </Typography>
      )}
      {anyLeftOut ? (
        <>
          <Typography>
            <Trans>Left out:</Trans>
          </Typography>
          <ul>
            {leftOut.buttons > 0 ? (
              <li>
                <Plural
                  value={leftOut.buttons}
                  one="# button that is hidden, only acts (such as Clear) or has nothing to say"
                  other="# buttons that are hidden, only act (such as Clear) or have nothing to say"
                />
              </li>
            ) : null}
            {leftOut.links > 0 ? (
              <li>
                <Plural
                  value={leftOut.links}
                  one="# link to a board that is not in the file"
                  other="# links to boards that are not in the file"
                />
              </li>
            ) : null}
            {leftOut.pictures > 0 ? (
              <li>
                <Plural
                  value={leftOut.pictures}
                  one="# picture that is missing, online only or of a kind that cannot be shown"
                  other="# pictures that are missing, online only or of a kind that cannot be shown"
                />
              </li>
            ) : null}
            {leftOut.sounds > 0 ? (
              <li>
                <Plural
                  value={leftOut.sounds}
                  one="# recorded sound (the phrase is spoken instead)"
                  other="# recorded sounds (the phrases are spoken instead)"
                />
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
    </Alert>
  );
}

/** What went into the file saved for another app. */
export function SavedSummary({ phraseCount, pictureCount, missingPictures }: Saved) {
  return (
    <Alert role="none" severity="success">
      <Plural
        value={phraseCount}
        one="Saved for another app: # phrase."
        other="Saved for another app: # phrases."
      />{" "}
      <Plural value={pictureCount} _0="No pictures." one="# picture." other="# pictures." />
      {missingPictures > 0 ? (
        <>
          {" "}
          <Plural
            value={missingPictures}
            one="# picture was no longer on this device and was left out."
            other="# pictures were no longer on this device and were left out."
          />
        </>
      ) : null}
    </Alert>
  );
}
